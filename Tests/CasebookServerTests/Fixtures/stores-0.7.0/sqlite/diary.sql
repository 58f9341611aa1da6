PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO grdb_migrations VALUES('create entry');
INSERT INTO grdb_migrations VALUES('count revisions');
INSERT INTO grdb_migrations VALUES('revise each entry');
INSERT INTO grdb_migrations VALUES('index the words of each entry');
INSERT INTO grdb_migrations VALUES('tag each entry');
INSERT INTO grdb_migrations VALUES('keep removed entries in a trash');
INSERT INTO grdb_migrations VALUES('star entries');
INSERT INTO grdb_migrations VALUES('keep the revision of a removed entry');
CREATE TABLE entry (
        id TEXT PRIMARY KEY NOT NULL,
        date REAL NOT NULL,
        text TEXT NOT NULL
    , revision INTEGER NOT NULL DEFAULT 1, search_key INTEGER, starred INTEGER NOT NULL DEFAULT 0);
INSERT INTO entry VALUES('0b6d3c1e-5d0c-4f63-9a39-2d2a1f0c0a01',794045700.0,'First light over the harbour. #walk #sea',1,1,1);
INSERT INTO entry VALUES('0b6d3c1e-5d0c-4f63-9a39-2d2a1f0c0a02',794180430.25,replace('Ünïcödé, "quotes" and a tab	here.\nSecond line. #notes','\n',char(10)),1,2,0);
CREATE TABLE revision (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
INSERT INTO revision VALUES(1,5);
PRAGMA writable_schema=ON;
INSERT INTO sqlite_schema(type,name,tbl_name,rootpage,sql)VALUES('table','entry_search','entry_search',0,'CREATE VIRTUAL TABLE entry_search
    USING fts5(words, tokenize = ''unicode61 remove_diacritics 2'')');
CREATE TABLE IF NOT EXISTS 'entry_search_data'(id INTEGER PRIMARY KEY, block BLOB);
INSERT INTO entry_search_data VALUES(1,X'0210');
INSERT INTO entry_search_data VALUES(10,X'000000000102020002010101020101');
INSERT INTO entry_search_data VALUES(137438953473,X'000000c402306102020502016e0302020301640202040105656e747279030203010566697273740102020104676f65730302050107686172626f7572010206020365726502020701056c6967687401020303026e6502020901056e6f74657302020a01046f766572010204010671756f74657302020301037365610102080304636f6e640202080103746162020206020368617403020403016501020502020702016f0302060204726173680302080107756e69636f6465020202010477616c6b010207040606060a0a090c080a070a090b080908080906090c');
INSERT INTO entry_search_data VALUES(274877906945,X'000000350330616e03010105656e74727903010104676f657303010104746861740301030165030102016f0301020472617368030104060908080505');
CREATE TABLE IF NOT EXISTS 'entry_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;
INSERT INTO entry_search_idx VALUES(1,X'',2);
INSERT INTO entry_search_idx VALUES(2,X'',2);
CREATE TABLE IF NOT EXISTS 'entry_search_content'(id INTEGER PRIMARY KEY, c0);
INSERT INTO entry_search_content VALUES(1,'first light over the harbour walk sea');
INSERT INTO entry_search_content VALUES(2,'unicode quotes and a tab here second line notes');
CREATE TABLE IF NOT EXISTS 'entry_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB);
INSERT INTO entry_search_docsize VALUES(1,X'07');
INSERT INTO entry_search_docsize VALUES(2,X'09');
CREATE TABLE IF NOT EXISTS 'entry_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;
INSERT INTO entry_search_config VALUES('version',4);
CREATE TABLE entry_tag (
    tag TEXT NOT NULL, search_key INTEGER NOT NULL, PRIMARY KEY (tag, search_key)
) WITHOUT ROWID;
INSERT INTO entry_tag VALUES('sea',1);
INSERT INTO entry_tag VALUES('walk',1);
INSERT INTO entry_tag VALUES('notes',2);
CREATE TABLE trash (
        id TEXT PRIMARY KEY NOT NULL,
        date REAL NOT NULL,
        text TEXT NOT NULL,
        removed_at REAL NOT NULL
    , revision INTEGER NOT NULL DEFAULT 1);
INSERT INTO trash VALUES('0b6d3c1e-5d0c-4f63-9a39-2d2a1f0c0a03',794232000.0,'An entry that goes to the trash.',817864029.53443706033,1);
CREATE INDEX entry_newest ON entry(date DESC, id DESC);
CREATE TRIGGER entry_inserted AFTER INSERT ON entry
        BEGIN UPDATE revision SET value = value + 1; END;
CREATE TRIGGER entry_updated AFTER UPDATE ON entry
        BEGIN UPDATE revision SET value = value + 1; END;
CREATE TRIGGER entry_deleted AFTER DELETE ON entry
        BEGIN UPDATE revision SET value = value + 1; END;
CREATE UNIQUE INDEX entry_search_key ON entry(search_key);
CREATE INDEX entry_tag_entry ON entry_tag(search_key);
CREATE INDEX trash_removed ON trash(removed_at DESC, id DESC);
PRAGMA writable_schema=OFF;
COMMIT;
