-- Neovim's built-in LSP client (0.7+) driving `anthology lsp`, headless: open a note with a finding,
-- wait for its diagnostics, check them, then go to the definition of a link and check where it lands.
-- Environment: ANTHOLOGY (the binary), CORPUS (a copy of tests/fixtures/lsp), RESULT (a file the
-- checks write, one "ok ..." or "FAIL ..." line each). Run: nvim --headless --clean -S nvim_checks.lua
local binary, root, result = os.getenv("ANTHOLOGY"), os.getenv("CORPUS"), os.getenv("RESULT")
local lines, failed = {}, false

local function check(what, got, want)
  if vim.deep_equal(got, want) then
    table.insert(lines, "ok   " .. what)
  else
    failed = true
    table.insert(lines, "FAIL " .. what .. ": got " .. vim.inspect(got) .. ", want " .. vim.inspect(want))
  end
end

local function finish()
  vim.fn.writefile(lines, result)
  vim.cmd(failed and "cquit 1" or "qall!")
end

vim.cmd("edit " .. vim.fn.fnameescape(root .. "/notes/NOTE-2.md"))
local client = vim.lsp.start_client({
  name = "anthology",
  cmd = { binary, "lsp" },
  root_dir = root,
  workspace_folders = { { uri = vim.uri_from_fname(root), name = "corpus" } },
})
check("the client started", client ~= nil, true)
vim.lsp.buf_attach_client(0, client)

local arrived = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
check("diagnostics arrived", arrived, true)
local got = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(got, {
    lnum = d.lnum, col = d.col, end_col = d.end_col, severity = d.severity, message = d.message,
    code = d.user_data and d.user_data.lsp and d.user_data.lsp.code,
  })
end
-- Neovim holds byte columns: the client converted the server's UTF-16 range over the line with é and 🎉.
check("the R002 finding", got, { {
  lnum = 7, col = 16, end_col = 27, severity = vim.diagnostic.severity.WARN,
  message = "wikilink [[LIT-404]] resolves to no note [broken-wikilink]", code = "R002",
} })

vim.api.nvim_win_set_cursor(0, { 8, 36 })  -- on [[lit-2]]
vim.lsp.buf.definition()
local jumped = vim.wait(15000, function() return vim.api.nvim_buf_get_name(0):match("lit/LIT%-2%.md$") ~= nil end, 50)
check("go to definition of [[lit-2]] opens lit/LIT-2.md", jumped, true)

vim.cmd("edit " .. vim.fn.fnameescape(root .. "/notes/NOTE-1.md"))
vim.lsp.buf_attach_client(0, client)
vim.api.nvim_win_set_cursor(0, { 6, 14 })  -- on [[LIT-1#Method]]
vim.lsp.buf.definition()
local landed = vim.wait(15000, function()
  return vim.api.nvim_buf_get_name(0):match("lit/LIT%-1%.md$") ~= nil and vim.api.nvim_win_get_cursor(0)[1] == 10
end, 50)
check("go to definition of [[LIT-1#Method]] lands on its heading (line 10)", landed, true)

vim.lsp.stop_client(client)
finish()
