// The Index's lifecycle: opening or creating the file, replacing one that is damaged or of another
// version, and refusing one that is not ours. Its content is in index_content.cpp.
#include "core/index/index.h"

#include <system_error>

#include "core/index/index_health.h"
#include "core/index/index_owner.h"
#include "core/index/index_state.h"

namespace anth::index {

namespace fs = std::filesystem;
using namespace detail;

Index::Index(std::unique_ptr<State> state) : state_(std::move(state)) {}
Index::Index(Index&&) noexcept = default;
Index& Index::operator=(Index&&) noexcept = default;
Index::~Index() = default;

bool Index::rebuilt() const { return state_ && state_->rebuilt; }
sqlite3* Index::handle() { return state_ ? state_->db : nullptr; }

util::Expected<Index> Index::open(const fs::path& db_path, Mode mode, Place place) {
  try {
    const std::string where = db_path.string();
    auto state = std::make_unique<State>();
    state->path = db_path;
    Connection c;
    // A link where the index should be may point anywhere: what it points at must be recognisably ours.
    std::error_code link_ec;
    if (fs::is_symlink(db_path, link_ec)) place = Place::Given;
    // Looked at before SQLite opens it, which may create a WAL or a journal beside it.
    if (place == Place::Given && detail::classify_index_file(db_path) == detail::FileKind::Foreign)
      return util::failure(where + " is not an anthology index; refusing to replace it (name a new file, or one an "
                     "anthology command created)");

    if (mode == Mode::ReadOnly) {
      std::error_code ec;
      if (!fs::is_regular_file(db_path, ec)) return util::failure("no index at " + where);
      if (auto r = open_connection(c, db_path, SQLITE_OPEN_READONLY); !r)
        return util::failure("cannot open index at " + where + ": " + r.error());
      Check check = check_health(c.db, /*deep=*/false);
      if (!check.error.empty()) return util::failure("cannot read index at " + where + ": " + check.error);
      if (check.health != Health::Sound)
        return util::failure("index at " + where + " is damaged or of another version; a command that writes it rebuilds it");
      state->db = c.release();
      return Index(std::move(state));
    }

    const std::string cannot = "cannot create index at " + where + ": ";
    std::error_code ec;
    fs::path dir = db_path.parent_path();
    if (!dir.empty() && !fs::is_directory(dir, ec)) {
      fs::create_directories(dir, ec);
      if (ec) return util::failure(cannot + ec.message());
    }
    if (fs::exists(db_path, ec) && !fs::is_regular_file(db_path, ec)) return util::failure(cannot + "not a regular file");

    constexpr int rw = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    const bool integrity = !closed_cleanly(db_path);  // before the open creates a WAL
    if (auto r = open_connection(c, db_path, rw); !r) return util::failure(cannot + r.error());
    if (sqlite3_db_readonly(c.db, "main") == 1) return util::failure(cannot + "the file is read-only");

    Check check = check_health(c.db, /*deep=*/true, integrity);
    if (!check.error.empty()) return util::failure(cannot + check.error);
    if (check.health == Health::Replace) {
      c.close();
      remove_database_files(db_path);
      if (auto r = open_connection(c, db_path, rw); !r) return util::failure(cannot + r.error());
      state->rebuilt = true;
      check.health = Health::Empty;
    }
    if (auto r = configure(c.db); !r) return util::failure(cannot + r.error());
    if (check.health == Health::Empty)
      if (auto r = create_schema(c.db); !r) return util::failure(cannot + r.error());
    if (auto r = mark_as_ours(c.db); !r) return util::failure(cannot + r.error());
    state->db = c.release();
    state->writable = true;
    return Index(std::move(state));
  } catch (const std::exception& e) {
    return util::failure("cannot open index at " + db_path.string() + ": " + e.what());
  }
}

}  // namespace anth::index