-- The schema of CORPUS/.anthology/index.db, documented in docs/index-schema.md.
-- Version 7 (3: kernel_results.program; 4: the rendered body in files.body, apart from the parse; 5: nodes.node_year; 6: tags.key; 7: CJK runs in search and search_words as their character pairs). The version lives in PRAGMA user_version (anth::index_schema_version in core/index/index.h);
-- an index of ours of another version, or a damaged one, is deleted and rebuilt from the notes (never a
-- file that is not recognisably ours: core/index/index_owner.h).
-- Everything below except meta, files and kernel_results is derived: store() rewrites it from the
-- resolved corpus in one transaction.

PRAGMA user_version = 7;
-- "ANTH": marks the file as an index of ours (core/index/index_owner.h); nothing else is replaced.
PRAGMA application_id = 1095652424;

-- Key/value facts about the index: schema_version, anthology_version, root, updated_at, folders, scanned_ns.
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT
) WITHOUT ROWID;

-- The parse cache: one row per note file, keyed by its path relative to the corpus root.
-- hash is the XXH3-64 content hash stored as a signed 64-bit integer (same bits); parse is the JSON of
-- encode_parse(); body is the body made ready for the site, its HTML and text (encode_body()), kept apart
-- so that only `build` reads it (lint and the queries decode the parse alone); NULL when not made. A file whose size, mtime and ctime still match (or else whose hash does) is not
-- parsed again; one whose stat was taken within two seconds of meta scanned_ns is compared by hash.
CREATE TABLE files (
  path     TEXT PRIMARY KEY,
  hash     INTEGER NOT NULL,
  size     INTEGER NOT NULL,
  mtime_ns INTEGER NOT NULL,
  ctime_ns INTEGER NOT NULL,
  parse    TEXT NOT NULL,
  body     TEXT
);
-- Covers cached_files() and the scan for vanished files without reading the (large) parses.
CREATE INDEX files_stat ON files(path, hash, size, mtime_ns, ctime_ns);

-- One row per note id: every in-graph note, and the notes kept out of the graph (in_graph = 0) whose
-- id no in-graph note has. Absent optional values are NULL.
CREATE TABLE nodes (
  id           TEXT PRIMARY KEY,
  kind         TEXT,             -- LIT, NOTE, SOTA, THEORY, TERM; NULL when the id has no pattern
  title        TEXT,
  path         TEXT NOT NULL,
  status       TEXT,
  year         INTEGER,
  arxiv        TEXT,
  doi          TEXT,
  venue        TEXT,
  url          TEXT,
  version      INTEGER,
  kernel       TEXT,
  short        TEXT,
  plain        TEXT,
  promote_when TEXT,
  word_count   INTEGER NOT NULL DEFAULT 0,
  in_graph     INTEGER NOT NULL DEFAULT 1,
  node_year    INTEGER           -- the node's year as the graph defines it (Graph::year): a LIT's year, a
                                 -- SOTA's introduced_by paper's, a THEORY's earliest LIT source's; NULL else
);
CREATE INDEX nodes_kind ON nodes(kind);
CREATE INDEX nodes_year ON nodes(year);
CREATE INDEX nodes_node_year ON nodes(node_year);

-- One row per relation of an in-graph note: the typed ones of its fields, then one "mentions" per body
-- wikilink. dst is the resolved id, NULL when the target names no note; written is the target as written.
CREATE TABLE relations (
  src     TEXT NOT NULL,
  kind    TEXT NOT NULL,
  dst     TEXT,
  written TEXT NOT NULL,
  file    TEXT NOT NULL,
  line    INTEGER NOT NULL,
  col     INTEGER NOT NULL,
  origin  TEXT NOT NULL            -- frontmatter, inline, body
);
CREATE INDEX relations_dst ON relations(dst, kind);
CREATE INDEX relations_src ON relations(src, kind);

-- One row per field value as written, of every note in nodes: a scalar gives one row, a list one row per
-- item, a map one row per entry (item holds the entry's key), an empty field one row with value NULL.
CREATE TABLE fields (
  node   TEXT NOT NULL,
  key    TEXT NOT NULL,
  item   TEXT,                     -- the map key (kernel_params); NULL otherwise
  value  TEXT,
  file   TEXT NOT NULL,
  line   INTEGER NOT NULL,
  col    INTEGER NOT NULL,
  origin TEXT NOT NULL             -- frontmatter, inline
);
CREATE INDEX fields_node ON fields(node, key);

-- A tag is one tag whatever its case (core/model/tag_names.h): key is its case fold, which query --tag
-- compares; tag is the note's own spelling.
CREATE TABLE tags (
  node TEXT NOT NULL,
  tag  TEXT NOT NULL,
  key  TEXT NOT NULL
);
CREATE INDEX tags_key ON tags(key);
CREATE INDEX tags_node ON tags(node);

CREATE TABLE aliases (
  node  TEXT NOT NULL,
  alias TEXT NOT NULL
);
CREATE INDEX aliases_node ON aliases(node);

CREATE TABLE authors (
  node     TEXT NOT NULL,
  position INTEGER NOT NULL,       -- 1-based, in the order written
  name     TEXT NOT NULL
);
CREATE INDEX authors_node ON authors(node, position);

-- Bookkeeping for the tables above, so a run rewrites only the notes whose rows changed: the XXH3-64
-- digest of every row a note has in nodes, relations, fields, tags, aliases and authors.
CREATE TABLE node_docs (
  id          TEXT PRIMARY KEY,
  fingerprint INTEGER NOT NULL
) WITHOUT ROWID;

-- Every finding of the last run (ingest and lint), after severities were configured.
CREATE TABLE diagnostics (
  rule     TEXT NOT NULL,
  name     TEXT,
  severity TEXT NOT NULL,          -- error, warning, info, off
  file     TEXT NOT NULL,
  line     INTEGER NOT NULL,
  col      INTEGER NOT NULL,
  message  TEXT NOT NULL,
  related  TEXT NOT NULL DEFAULT '[]'  -- JSON [{"file":..,"line":..,"col":..,"message":..}]
);

-- The last outcome of `anthology kernels` per node. Not touched by store().
CREATE TABLE kernel_results (
  node       TEXT PRIMARY KEY,
  kernel     TEXT NOT NULL,
  pass       INTEGER NOT NULL,
  claims     TEXT NOT NULL DEFAULT '[]',
  compiler   TEXT,
  checked_at TEXT,
  error      TEXT,
  program    TEXT NOT NULL DEFAULT ''
);

-- Full-text search over the title, body and authors of every in-graph note; each run of CJK letters is
-- written as its overlapping character pairs and its last character (core/util/cjk_pairs.h).
CREATE VIRTUAL TABLE search USING fts5(id UNINDEXED, title, body, authors, tokenize = 'porter unicode61');
-- The same documents (same rowids) unstemmed and without content, kept for their vocabulary: a prefix
-- the user typed ("normaliz*") is expanded against the words as written, which the stems ("normal")
-- of search no longer begin with.
CREATE VIRTUAL TABLE search_words USING fts5(title, body, authors, content = '', detail = none, columnsize = 0,
                                             tokenize = 'unicode61 remove_diacritics 0');
CREATE VIRTUAL TABLE search_vocab USING fts5vocab(search_words, 'row');
-- Fewer, larger segments when many notes are indexed at once (the default flushes every 1 MiB).
INSERT INTO search(search, rank) VALUES('hashsize', 16777216);

-- Bookkeeping for search, so a run re-indexes only the notes whose id, title or body changed:
-- docid is the rowid in search, fingerprint the XXH3-64 of id, title and body.
CREATE TABLE search_docs (
  id          TEXT PRIMARY KEY,
  docid       INTEGER NOT NULL UNIQUE,
  fingerprint INTEGER NOT NULL
) WITHOUT ROWID;

-- The practices (in-graph SOTA notes) with their origin paper.
CREATE VIEW practices AS
SELECT n.id                             AS id,
       n.title                          AS title,
       n.status                         AS status,
       COALESCE(ib.dst, ib.written)     AS introduced_by,
       o.title                          AS origin_title,
       o.year                           AS year,
       CASE WHEN n.status = 'contested'
              OR EXISTS (SELECT 1 FROM relations c WHERE c.src = n.id AND c.kind = 'contested_by')
            THEN 1 ELSE 0 END           AS contested
FROM nodes n
LEFT JOIN relations ib
  ON ib.rowid = (SELECT MIN(r.rowid) FROM relations r WHERE r.src = n.id AND r.kind = 'introduced_by')
LEFT JOIN nodes o ON o.id = ib.dst
WHERE n.kind = 'SOTA' AND n.in_graph = 1;

-- Relations with the titles of both ends.
CREATE VIEW relations_named AS
SELECT r.src   AS src,
       s.title AS src_title,
       r.kind  AS kind,
       r.dst   AS dst,
       d.title AS dst_title,
       r.file  AS file,
       r.line  AS line,
       r.col   AS col
FROM relations r
LEFT JOIN nodes s ON s.id = r.src
LEFT JOIN nodes d ON d.id = r.dst;

-- The papers (in-graph LIT notes) with their authors and how many in-graph readings (NOTEs) they have.
CREATE VIEW lit AS
SELECT n.id     AS id,
       n.title  AS title,
       n.year   AS year,
       n.status AS status,
       n.arxiv  AS arxiv,
       n.venue  AS venue,
       (SELECT group_concat(name, ', ')
          FROM (SELECT a.name AS name FROM authors a WHERE a.node = n.id ORDER BY a.position)) AS authors,
       (SELECT COUNT(DISTINCT r.src)
          FROM relations r JOIN nodes s ON s.id = r.src
         WHERE r.dst = n.id AND r.kind = 'paper' AND s.kind = 'NOTE' AND s.in_graph = 1) AS readings
FROM nodes n
WHERE n.kind = 'LIT' AND n.in_graph = 1;
