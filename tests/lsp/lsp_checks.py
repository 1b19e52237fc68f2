"""End to end checks of `anthology lsp` through its stdio, with a real client (lsp_client.py):
every feature and every bad input of issue 16 on the fixture corpus tests/fixtures/lsp, with exact
results. Usage: lsp_checks.py ANTHOLOGY CORPUS (a copy the checks may write into)."""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Client  # noqa: E402

BINARY, ROOT = sys.argv[1], os.path.realpath(sys.argv[2])
FAILURES = []


def check(what, got, want):
    if got != want:
        FAILURES.append(what)
        print("FAIL %s\n  got:  %s\n  want: %s" % (what, json.dumps(got, ensure_ascii=False), json.dumps(want, ensure_ascii=False)))
    else:
        print("ok   %s" % what)


def uri(path):
    return "file://" + ROOT + "/" + path


def rng(l1, c1, l2, c2):
    return {"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}}


def at(path, line, ch, **more):
    return dict({"textDocument": {"uri": uri(path)}, "position": {"line": line, "character": ch}}, **more)


def start(encodings=None, caps=None):
    c = Client([BINARY, "lsp"])
    caps = dict(caps or {}, **({"general": {"positionEncodings": encodings}} if encodings else {}))
    r = c.request("initialize", {"processId": None, "rootUri": "file://" + ROOT, "capabilities": caps})
    c.notify("initialized", {})
    return c, r


def text(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def open_doc(c, path, version=1, body=None):
    c.notify("textDocument/didOpen", {"textDocument": {"uri": uri(path), "languageId": "markdown", "version": version,
                                                       "text": text(path) if body is None else body}})
    return c.diagnostics(uri(path))


def stop(c):
    check("shutdown answers null", c.request("shutdown").get("result", "missing"), None)
    c.notify("exit")
    check("exit after shutdown: status 0", c.close(), 0)


NOTE2_LINE = 7  # "Café 🎉 voir [[LIT-404]] puis [[lit-2]] et [[LIT-1#^result]]."


def features():
    c, init = start()
    caps = init["result"]["capabilities"]
    check("utf-16 by default", caps["positionEncoding"], "utf-16")
    check("capabilities", sorted(caps), sorted(["positionEncoding", "textDocumentSync", "definitionProvider", "hoverProvider",
                                                "completionProvider", "referencesProvider", "documentSymbolProvider",
                                                "renameProvider", "codeActionProvider"]))

    # Diagnostics on open: a UTF-16 range on a line with accented text and an emoji (outside the BMP).
    d = open_doc(c, "notes/NOTE-2.md")
    href = d["diagnostics"][0].pop("codeDescription")["href"]
    check("R002 on open, UTF-16 range after é and 🎉", d, {"uri": uri("notes/NOTE-2.md"), "version": 1, "diagnostics": [
        {"range": rng(NOTE2_LINE, 13, NOTE2_LINE, 24), "severity": 2, "code": "R002", "source": "anthology",
         "message": "wikilink [[LIT-404]] resolves to no note [broken-wikilink]"}]})
    check("codeDescription links the rule's doc page", href, "file://" + ROOT + "/.anthology/rules/R002.md")
    check("the doc page is there", open(href[len("file://"):], encoding="utf-8").read().startswith("# R002 broken-wikilink"), True)
    d = open_doc(c, "lit/LIT-1.md")
    for item in d["diagnostics"]:
        item.pop("codeDescription")
    check("P003 with its related location", d["diagnostics"], [
        {"range": rng(5, 10, 5, 16), "severity": 1, "code": "P003", "source": "anthology",
         "message": "`read_as` of LIT-1 differs from its readings: missing NOTE-2 [read-as-mismatch]",
         "relatedInformation": [{"location": {"uri": uri("notes/NOTE-2.md"), "range": rng(0, 0, 0, 3)}, "message": "NOTE-2 reads LIT-1"}]}])

    # Go to definition: a link, a link to a heading, to a block, an embed, an id of a relation field.
    defn = lambda p, l, ch: c.request("textDocument/definition", at(p, l, ch))["result"]
    check("definition of [[lit-2]]", defn("notes/NOTE-2.md", NOTE2_LINE, 33), {"uri": uri("lit/LIT-2.md"), "range": rng(0, 0, 0, 0)})
    check("definition of [[LIT-1#^result]]: the block's line", defn("notes/NOTE-2.md", NOTE2_LINE, 45), {"uri": uri("lit/LIT-1.md"), "range": rng(15, 0, 15, 0)})
    check("definition of [[LIT-1#Method]]: the heading's line", defn("notes/NOTE-1.md", 5, 14), {"uri": uri("lit/LIT-1.md"), "range": rng(9, 0, 9, 0)})
    check("definition of the embed ![[LIT-2]] from its '!'", defn("notes/NOTE-1.md", 5, 32), {"uri": uri("lit/LIT-2.md"), "range": rng(0, 0, 0, 0)})
    check("definition of introduced_by: LIT-1", defn("sota/SOTA-1.md", 4, 16), {"uri": uri("lit/LIT-1.md"), "range": rng(0, 0, 0, 0)})
    check("definition of an id in a list", defn("sota/SOTA-1.md", 3, 17), {"uri": uri("lit/LIT-2.md"), "range": rng(0, 0, 0, 0)})
    check("definition of a markdown link [method](../lit/LIT-1.md#Method): the heading's line",
          defn("sota/SOTA-1.md", 8, 20), {"uri": uri("lit/LIT-1.md"), "range": rng(9, 0, 9, 0)})
    check("definition of a markdown link from its '['", defn("sota/SOTA-1.md", 8, 4), {"uri": uri("lit/LIT-1.md"), "range": rng(9, 0, 9, 0)})
    check("no definition past a markdown link's ')'", defn("sota/SOTA-1.md", 8, 36), None)
    check("no definition of plain text", defn("notes/NOTE-2.md", NOTE2_LINE, 2), None)
    check("no definition of a broken link", defn("notes/NOTE-2.md", NOTE2_LINE, 15), None)

    # Hover.
    hover = lambda p, l, ch: c.request("textDocument/hover", at(p, l, ch))["result"]
    check("hover on [[LIT-1#^result]]", hover("notes/NOTE-2.md", NOTE2_LINE, 45), {
        "contents": {"kind": "markdown", "value": "**LIT** `LIT-1`: Über Attention (2020) · active\n\nA paper about attention."},
        "range": rng(NOTE2_LINE, 43, NOTE2_LINE, 60)})
    check("hover on a markdown link", hover("sota/SOTA-1.md", 8, 10), {
        "contents": {"kind": "markdown", "value": "**LIT** `LIT-1`: Über Attention (2020) · active\n\nA paper about attention."},
        "range": rng(8, 4, 8, 36)})
    check("hover on a broken link", hover("notes/NOTE-2.md", NOTE2_LINE, 14)["contents"]["value"], "`LIT-404` names no note")
    check("hover on paper: LIT-1", hover("notes/NOTE-1.md", 3, 8)["contents"]["value"],
          "**LIT** `LIT-1`: Über Attention (2020) · active\n\nA paper about attention.")

    # A first sentence with a wikilink shows the link as a reader sees it, not as written.
    check("hover shows a link in the first sentence as text", hover("sota/SOTA-1.md", 3, 17)["contents"]["value"],
          "**LIT** `LIT-2`: Second paper (2021) · active\n\nThe second paper builds on LIT-1.")

    # References, from the note's own id and from a link to it: the same places.
    refs_want = [{"uri": uri("lit/LIT-2.md"), "range": rng(5, 8, 5, 13)}, {"uri": uri("lit/LIT-2.md"), "range": rng(7, 27, 7, 36)},
                 {"uri": uri("notes/NOTE-1.md"), "range": rng(3, 7, 3, 12)}, {"uri": uri("notes/NOTE-1.md"), "range": rng(5, 11, 5, 27)},
                 {"uri": uri("notes/NOTE-2.md"), "range": rng(3, 7, 3, 12)}, {"uri": uri("notes/NOTE-2.md"), "range": rng(NOTE2_LINE, 43, NOTE2_LINE, 60)},
                 {"uri": uri("sota/SOTA-1.md"), "range": rng(3, 9, 3, 14)}, {"uri": uri("sota/SOTA-1.md"), "range": rng(4, 15, 4, 20)},
                 {"uri": uri("sota/SOTA-1.md"), "range": rng(7, 13, 7, 22)}, {"uri": uri("sota/SOTA-1.md"), "range": rng(8, 4, 8, 36)}]
    key = lambda r: (r["uri"], r["range"]["start"]["line"], r["range"]["start"]["character"])
    refs = c.request("textDocument/references", at("lit/LIT-1.md", 1, 5, context={"includeDeclaration": False}))["result"]
    check("references of LIT-1 from its id", sorted(refs, key=key), refs_want)
    refs = c.request("textDocument/references", at("notes/NOTE-2.md", NOTE2_LINE, 45, context={"includeDeclaration": True}))["result"]
    check("references of LIT-1 from a link, with its declaration", sorted(refs, key=key),
          sorted(refs_want + [{"uri": uri("lit/LIT-1.md"), "range": rng(1, 4, 1, 9)}], key=key))

    # Document symbols: the headings.
    syms = c.request("textDocument/documentSymbol", {"textDocument": {"uri": uri("lit/LIT-1.md")}})["result"]
    check("document symbols", [[s["name"], s["detail"], s["range"]] for s in syms],
          [["Method", "H1", rng(9, 0, 9, 8)], ["Results", "H2", rng(13, 0, 13, 10)]])

    # Completion after [[, [[Note# and in relation fields, over the unsaved buffer.
    body = text("notes/NOTE-2.md") + "See [[\nSee ![[LIT-1#\n"
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri("notes/NOTE-2.md"), "version": 2}, "contentChanges": [{"text": body}]})
    items = c.request("textDocument/completion", at("notes/NOTE-2.md", 8, 6))["result"]
    check("completion after [[: every note, title as detail", sorted((i["label"], i["detail"]) for i in items),
          [("LIT-1", "Über Attention"), ("LIT-2", "Second paper"), ("NOTE-1", "A reading"), ("NOTE-2", "A reading"), ("SOTA-1", "Normalize the keys")])
    check("completion replaces what follows [[", items[0]["textEdit"]["range"], rng(8, 6, 8, 6))
    items = c.request("textDocument/completion", at("notes/NOTE-2.md", 9, 13))["result"]
    check("completion after ![[LIT-1#: its headings and block", [(i["label"], i["detail"]) for i in items],
          [("^result", "block of LIT-1"), ("Method", "H1 of LIT-1"), ("Results", "H2 of LIT-1")])
    items = c.request("textDocument/completion", at("sota/SOTA-1.md", 3, 17))["result"]
    check("completion in source: (LIT or THEORY)", sorted(i["label"] for i in items), ["LIT-1", "LIT-2"])
    check("completion in source replaces the id being written", items[0]["textEdit"]["range"], rng(3, 16, 3, 17))
    items = c.request("textDocument/completion", at("notes/NOTE-1.md", 3, 7))["result"]
    check("completion in paper: (LIT)", sorted(i["label"] for i in items), ["LIT-1", "LIT-2"])
    items = c.request("textDocument/completion", at("notes/NOTE-1.md", 3, 12))["result"]
    check("completion in paper: after LIT-1, what LIT-1 starts", sorted(i["label"] for i in items), ["LIT-1"])
    check("no completion in a title", c.request("textDocument/completion", at("notes/NOTE-1.md", 2, 9))["result"], [])

    # Rename an id: the id line and every link and relation by id.
    edit = c.request("textDocument/rename", at("lit/LIT-2.md", 1, 5, newName="LIT-20"))["result"]["changes"]
    check("rename LIT-2", {u: sorted(json.dumps(e["range"], sort_keys=True) for e in es) for u, es in edit.items()}, {
        uri("lit/LIT-2.md"): [json.dumps(rng(1, 4, 1, 9), sort_keys=True)],
        uri("notes/NOTE-1.md"): [json.dumps(rng(5, 35, 5, 40), sort_keys=True)],
        uri("notes/NOTE-2.md"): [json.dumps(rng(NOTE2_LINE, 32, NOTE2_LINE, 37), sort_keys=True)],
        uri("sota/SOTA-1.md"): [json.dumps(rng(3, 16, 3, 21), sort_keys=True)]})
    check("rename writes the new id", {e["newText"] for es in edit.values() for e in es}, {"LIT-20"})
    prep = c.request("textDocument/prepareRename", at("notes/NOTE-1.md", 3, 9))["result"]
    check("prepareRename on paper: LIT-1", prep, {"range": rng(3, 7, 3, 12), "placeholder": "LIT-1"})
    bad = c.request("textDocument/rename", at("lit/LIT-2.md", 1, 5, newName="LIT-1"))
    check("rename to a taken id is refused", bad["error"]["message"], "LIT-1 is already the id of lit/LIT-1.md")
    bad = c.request("textDocument/rename", at("lit/LIT-2.md", 1, 5, newName="a b"))
    check("rename to a name with a blank is refused", bad["error"]["code"], -32602)

    # Code actions where the fix is certain.
    acts = c.request("textDocument/codeAction", {"textDocument": {"uri": uri("lit/LIT-1.md")}, "range": rng(5, 0, 5, 0),
                                                 "context": {"diagnostics": []}})["result"]
    check("P003: read_as set to the readings", acts, [{"title": "Set read_as to the readings of LIT-1: [NOTE-1, NOTE-2]", "kind": "quickfix",
          "edit": {"changes": {uri("lit/LIT-1.md"): [{"range": rng(5, 0, 6, 0), "newText": "read_as: [NOTE-1, NOTE-2]\n"}]}}}])
    acts = c.request("textDocument/codeAction", {"textDocument": {"uri": uri("notes/NOTE-2.md")}, "range": rng(NOTE2_LINE, 0, NOTE2_LINE, 0),
                                                 "context": {"diagnostics": []}})["result"]
    check("the case of [[lit-2]] corrected", acts, [{"title": "Write the link as [[LIT-2]], the case of its note", "kind": "quickfix",
          "edit": {"changes": {uri("notes/NOTE-2.md"): [{"range": rng(NOTE2_LINE, 32, NOTE2_LINE, 37), "newText": "LIT-2"}]}}}])

    # The unsaved buffer: a fix clears the finding, a flood of changes ends in the last text's findings.
    c.drop_diagnostics()
    fixed = text("notes/NOTE-2.md").replace("LIT-404", "LIT-1")
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri("notes/NOTE-2.md"), "version": 3}, "contentChanges": [{"text": fixed}]})
    d = c.diagnostics(uri("notes/NOTE-2.md"))
    check("didChange: the fixed buffer has no finding", (d["version"], d["diagnostics"]), (3, []))
    began = time.time()
    for v in range(4, 204):
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri("notes/NOTE-2.md"), "version": v},
                                            "contentChanges": [{"text": fixed + "\n[[GONE-%d]]\n" % v}]})
    published = 0
    while True:
        d = c.diagnostics(uri("notes/NOTE-2.md"))
        published += 1
        if d["version"] == 203:
            break
    print("     200 didChange answered by %d publishDiagnostics in %.0f ms" % (published, (time.time() - began) * 1000))
    check("a flood of didChange: the last text's findings", [x["message"] for x in d["diagnostics"]],
          ["wikilink [[GONE-203]] resolves to no note [broken-wikilink]"])
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri("notes/NOTE-2.md"), "version": 204},
                                        "contentChanges": [{"range": rng(9, 2, 9, 6), "text": "LIT"}]})
    d = c.diagnostics(uri("notes/NOTE-2.md"))
    check("an incremental change applied", [x["message"] for x in d["diagnostics"]], ["wikilink [[LIT-203]] resolves to no note [broken-wikilink]"])
    c.notify("textDocument/didSave", {"textDocument": {"uri": uri("notes/NOTE-2.md")}})
    d = c.diagnostics(uri("notes/NOTE-2.md"))
    check("didSave publishes again", (d["version"], len(d["diagnostics"])), (204, 1))
    c.notify("textDocument/didClose", {"textDocument": {"uri": uri("notes/NOTE-2.md")}})
    check("didClose clears the document's diagnostics", c.diagnostics(uri("notes/NOTE-2.md"))["diagnostics"], [])
    stop(c)


def utf8():
    c, init = start(["utf-8", "utf-16"])
    check("utf-8 when the client offers it", init["result"]["capabilities"]["positionEncoding"], "utf-8")
    d = open_doc(c, "notes/NOTE-2.md")
    check("R002 range in bytes", d["diagnostics"][0]["range"], rng(NOTE2_LINE, 16, NOTE2_LINE, 27))
    check("definition at a byte position", c.request("textDocument/definition", at("notes/NOTE-2.md", NOTE2_LINE, 36))["result"],
          {"uri": uri("lit/LIT-2.md"), "range": rng(0, 0, 0, 0)})
    stop(c)


def rename_files():
    """A client that applies file renames gets the note's file renamed with its id, after the text edits."""
    c, _ = start(caps={"workspace": {"workspaceEdit": {"documentChanges": True, "resourceOperations": ["create", "rename"]}}})
    r = c.request("textDocument/rename", at("lit/LIT-2.md", 1, 5, newName="LIT-20"))["result"]
    changes = r.get("documentChanges", [])
    edits = {e["textDocument"]["uri"]: sorted(json.dumps(x["range"], sort_keys=True) for x in e["edits"]) for e in changes if "edits" in e}
    check("rename with file operations: the same text edits", edits, {
        uri("lit/LIT-2.md"): [json.dumps(rng(1, 4, 1, 9), sort_keys=True)],
        uri("notes/NOTE-1.md"): [json.dumps(rng(5, 35, 5, 40), sort_keys=True)],
        uri("notes/NOTE-2.md"): [json.dumps(rng(NOTE2_LINE, 32, NOTE2_LINE, 37), sort_keys=True)],
        uri("sota/SOTA-1.md"): [json.dumps(rng(3, 16, 3, 21), sort_keys=True)]})
    check("then the file renamed, last", changes[-1:], [{"kind": "rename", "oldUri": uri("lit/LIT-2.md"), "newUri": uri("lit/LIT-20.md")}])
    # A file of the new name already there: the id is renamed, the file left alone.
    with open(os.path.join(ROOT, "lit", "LIT-21.md"), "w", encoding="utf-8") as f:
        f.write("not a note of this test\n")
    r = c.request("textDocument/rename", at("lit/LIT-2.md", 1, 5, newName="LIT-21"))["result"]
    check("no file rename over an existing file", [x for x in r.get("documentChanges", []) if "kind" in x], [])
    os.remove(os.path.join(ROOT, "lit", "LIT-21.md"))
    # An id with a '/' is a name: the file is not moved into another folder or out of the corpus.
    r = c.request("textDocument/rename", at("lit/LIT-2.md", 1, 5, newName="../../LIT-22"))["result"]
    check("no file rename to a path", [x for x in r.get("documentChanges", []) if "kind" in x], [])
    stop(c)


def bad_input():
    c = Client([BINARY, "lsp"])
    r = c.request("textDocument/hover", at("notes/NOTE-2.md", 0, 0))
    check("a request before initialize", r["error"]["code"], -32002)
    c.request("initialize", {"rootUri": "file://" + ROOT, "capabilities": {}})
    c.send_raw(b"Content-Length: 9\r\n\r\n{not json")
    check("malformed JSON: ParseError", c.wait_for(lambda m: "error" in m and m.get("id") is None)["error"]["code"], -32700)
    c.send_raw(b"Content-Length: 2\r\n\r\n[]")
    check("a batch array: InvalidRequest", c.wait_for(lambda m: "error" in m and m.get("id") is None)["error"]["code"], -32600)
    c.send_raw(b"Content-Type: text/plain\r\n\r\n")
    c.send_raw(b"Content-Length: twelve\r\n\r\n")
    check("unknown request: MethodNotFound", c.request("workspace/frobnicate", {})["error"]["code"], -32601)
    c.notify("custom/ignored", {"x": 1})
    c.notify("$/cancelRequest", {"id": 99})
    check("past the end: no hover", c.request("textDocument/hover", at("notes/NOTE-2.md", 999, 999))["result"], None)
    check("past a line's end: no definition", c.request("textDocument/definition", at("notes/NOTE-2.md", NOTE2_LINE, 9999))["result"], None)
    check("negative position: no hover", c.request("textDocument/hover", at("notes/NOTE-2.md", -4, -1))["result"], None)
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri("notes/NOTE-2.md")}, "position": "here"})
    check("params of the wrong type: InvalidParams", r["error"]["code"], -32602)
    c.notify("textDocument/didOpen", {"textDocument": {"uri": "file:///etc/passwd", "languageId": "markdown", "version": 1, "text": "x"}})
    r = c.request("textDocument/hover", {"textDocument": {"uri": "file:///etc/passwd"}, "position": {"line": 0, "character": 0}})
    check("a document outside the corpus", r["error"], {"code": -32803, "message": "file:///etc/passwd is not a file of the corpus"})
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri("../../etc/passwd")}, "position": {"line": 0, "character": 0}})
    check("a '..' path out of the corpus", r["error"]["code"], -32803)
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri("notes/NOTE-9.md"), "version": 2}, "contentChanges": [{"text": "x"}]})
    c.notify("textDocument/didOpen", {"textDocument": {"uri": uri("anthology.toml"), "languageId": "toml", "version": 1, "text": "x = 1"}})
    c.request("textDocument/hover", at("notes/NOTE-2.md", 0, 0))
    check("a file that is no note gets no diagnostics", [m for m in c.pending if m.get("params", {}).get("uri") == uri("anthology.toml")], [])
    check("initialize twice", c.request("initialize", {"rootUri": "file://" + ROOT})["error"]["code"], -32600)
    c.request("shutdown")
    check("a request after shutdown", c.request("textDocument/hover", at("notes/NOTE-2.md", 0, 0))["error"]["code"], -32600)
    c.notify("exit")
    check("exit after shutdown", c.close(), 0)
    logged = "\n".join(c.stderr_lines)
    for line in ["skipped a malformed message: no Content-Length header", "skipped a malformed message: a Content-Length that is not a number",
                 "textDocument/didOpen: file:///etc/passwd is not a file of the corpus; ignored",
                 "textDocument/didChange: notes/NOTE-9.md was never opened; ignored",
                 "textDocument/didOpen: anthology.toml is no note (a note is a .md file outside hidden folders); ignored"]:
        check("logged: " + line, line in logged, True)

    c, _ = start()
    c.notify("exit")
    check("exit without shutdown: status 1", c.close(), 1)
    c, _ = start()
    check("the input ended without exit: status 1, no hang", c.close(), 1)
    c = Client([BINARY, "lsp"])
    r = c.request("initialize", {"capabilities": {}})
    check("no workspace folder and no --corpus", r["error"]["code"], -32602)
    c.close()


def many_notes():
    """Completion in a corpus of 300 more papers: filtered by what is typed, capped and marked incomplete."""
    os.makedirs(os.path.join(ROOT, "many"), exist_ok=True)
    for i in range(300):
        with open(os.path.join(ROOT, "many", "LIT-9%03d.md" % i), "w", encoding="utf-8") as f:
            f.write("---\nid: LIT-9%03d\ntitle: Generated paper %d\nyear: 2020\n---\nText.\n" % (i, i))
    c, _ = start()
    body = "---\nid: NOTE-77\ntitle: Typing\n---\nSee [[\nSee [[lit-912\nSee [[generated paper 29\n"
    c.notify("textDocument/didOpen", {"textDocument": {"uri": uri("notes/NOTE-77.md"), "languageId": "markdown",
                                                       "version": 1, "text": body}})
    r = c.request("textDocument/completion", at("notes/NOTE-77.md", 4, 6))["result"]
    check("completion of 300+ notes: capped at 200 and incomplete", (type(r).__name__, r.get("isIncomplete"),
          len(r.get("items", []))) if isinstance(r, dict) else r, ("dict", True, 200))
    r = c.request("textDocument/completion", at("notes/NOTE-77.md", 5, 13))["result"]
    check("completion filtered by the id typed, in any case", sorted(i["label"] for i in r),
          ["LIT-9%03d" % k for k in range(120, 130)])
    r = c.request("textDocument/completion", at("notes/NOTE-77.md", 6, 24))["result"]
    check("completion filtered by the title typed", sorted(i["label"] for i in r),
          ["LIT-9029"] + ["LIT-9%03d" % k for k in range(290, 300)])
    stop(c)


features()
utf8()
rename_files()
bad_input()
many_notes()
if FAILURES:
    print("%d check(s) failed" % len(FAILURES))
    sys.exit(1)
print("all checks passed")
