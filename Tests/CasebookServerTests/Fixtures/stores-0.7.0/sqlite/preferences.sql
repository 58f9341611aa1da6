PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO grdb_migrations VALUES('create preference');
CREATE TABLE preference (
        userId TEXT PRIMARY KEY NOT NULL,
        choice TEXT NOT NULL,
        username TEXT,
        updatedAt TEXT NOT NULL
    );
INSERT INTO preference VALUES('ada','save','ada','2026-12-02T00:27:09Z');
INSERT INTO preference VALUES('bob','never',NULL,'2026-12-02T00:27:09Z');
COMMIT;
