PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO grdb_migrations VALUES('create user and token');
INSERT INTO grdb_migrations VALUES('create session');
CREATE TABLE user (
        name TEXT PRIMARY KEY NOT NULL,
        role TEXT NOT NULL,
        passwordHash TEXT NOT NULL,
        createdAt REAL NOT NULL
    );
INSERT INTO user VALUES('ada','admin','$2b$04$1GIveaYrzNWonb7mWybt2uSnVbw2WoOsRrBtlxh..WElhpKpIbkmC',817864029.15436279773);
INSERT INTO user VALUES('bob','surveyor','$2b$04$0AFXWqFm76t9zm/MKYqs..hjBJSFmUJvzJRp0gR8wr1Pkjsb79g8.',817864029.20676779743);
CREATE TABLE token (
        secretHash TEXT PRIMARY KEY NOT NULL,
        id TEXT NOT NULL UNIQUE,
        user TEXT NOT NULL REFERENCES user(name) ON DELETE CASCADE,
        label TEXT,
        createdAt REAL NOT NULL,
        expiresAt REAL,
        revoked INTEGER NOT NULL DEFAULT 0
    );
INSERT INTO token VALUES('439806e44a796ce97e0b9aeed8ac95f9b0c386901985aa81138657b1077af3a1','a61958e4','ada','laptop',817864029.25421285625,1133224029.2542128562,0);
INSERT INTO token VALUES('b23182c372dc36ee9a056f8525b7c24e106ad0c7412946ad1ea8c21ce67ae7fe','c4f9e770','bob','old phone',817864029.28913056846,NULL,1);
INSERT INTO token VALUES('ca5c7edbb6ae20cca573de464c9f6cb1a4f6a7ce13f0ffc66589fc94bb5cbfb2','d65fa7fc','bob',NULL,817864029.35468375686,NULL,0);
CREATE TABLE session (
        secretHash TEXT PRIMARY KEY NOT NULL,
        user TEXT NOT NULL REFERENCES user(name) ON DELETE CASCADE,
        createdAt REAL NOT NULL,
        expiresAt REAL NOT NULL
    );
INSERT INTO session VALUES('b97c14e19ff68c5996c93b2373ffdf40366dd64f8eac82dbc1c7178ce1ce6f24','bob',817864029.99146544934,817907229.99146544935);
CREATE INDEX token_user ON token(user, createdAt);
CREATE INDEX session_expiry ON session(expiresAt);
COMMIT;
