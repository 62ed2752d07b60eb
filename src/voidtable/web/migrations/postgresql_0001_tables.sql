-- voidtable table store, PostgreSQL schema version 1: the same rows as the SQLite store,
-- plus what several server processes share (activity times, rate events, bot leases).
CREATE TABLE tables (
    id            TEXT PRIMARY KEY,
    game          TEXT NOT NULL,
    players       INTEGER NOT NULL,
    options       TEXT NOT NULL,
    seed          NUMERIC(20, 0) NOT NULL,      -- older SQLite-era seeds reach 2**64; new ones stay below 2**53
    created       DOUBLE PRECISION NOT NULL,
    status        TEXT NOT NULL,
    result        TEXT,
    finished      DOUBLE PRECISION,
    rules_version INTEGER NOT NULL DEFAULT 1,
    creator_hash  TEXT,
    table_options TEXT NOT NULL DEFAULT '{}',   -- the table's own options: turn clock, chat, pace
    rematch       TEXT,                          -- the table that replays this one with the same seats
    rematch_of    TEXT,
    touched       DOUBLE PRECISION NOT NULL DEFAULT 0  -- wall time of the last move, join or creation (table expiry)
);
CREATE TABLE seats (
    table_id    TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    kind        TEXT NOT NULL,
    bot         TEXT,
    name        TEXT NOT NULL,
    token_hash  TEXT,
    held        TEXT,                            -- a bot (level) plays this person's seat
    held_why    TEXT,                            -- handed | resigned | timeout
    clock_left  DOUBLE PRECISION,                -- seconds on the seat's turn clock when it last started or stopped
    clock_since DOUBLE PRECISION,                -- wall time its clock started running; NULL: stopped
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE moves (
    table_id    TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    step        INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    action      TEXT NOT NULL,
    at          DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, step)                 -- two processes can never both store step N of a table
);
CREATE TABLE talk (
    table_id    TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    n           INTEGER NOT NULL,                -- 1 for the table's first line
    kind        TEXT NOT NULL,                   -- chat | note
    seat        INTEGER,
    name        TEXT NOT NULL,
    text        TEXT NOT NULL,
    at          DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE rate_events (
    client      TEXT NOT NULL,
    kind        TEXT NOT NULL,
    at          DOUBLE PRECISION NOT NULL
);
CREATE INDEX rate_events_by_client ON rate_events (client, kind, at);
CREATE TABLE bot_leases (
    table_id    TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    holder      TEXT NOT NULL,
    until       DOUBLE PRECISION NOT NULL
);
