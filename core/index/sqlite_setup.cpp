#include "core/index/sqlite_setup.h"

#include <sqlite3.h>

namespace anth::index {

void configure_sqlite() { sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }

}  // namespace anth::index
