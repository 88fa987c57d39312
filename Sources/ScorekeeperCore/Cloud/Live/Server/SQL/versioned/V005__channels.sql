-- Version 5: each user's notification channel, for `watch` and `serve`
-- (issue 34). The server notifies (NOTIFY) the users who may read a zone
-- when it changes (R__10_notifications.sql). NOTIFY is not protected:
-- anyone who can log in may LISTEN on any channel name. So a notification
-- carries no data (the client fetches by change token, as it always
-- does), and each user's channel name is a secret: 128 random bits, made
-- on first use, readable only by its user (row security), forgotten when
-- the user is removed (`server remove-user`), so a new one is made.

SET LOCAL ROLE :"owner";

CREATE TABLE scorekeeper.channels (
  user_name text PRIMARY KEY,
  channel text NOT NULL UNIQUE CHECK (channel ~ '^sk_[0-9a-f]{32}$')
);
ALTER TABLE scorekeeper.channels ENABLE ROW LEVEL SECURITY;

RESET ROLE;
