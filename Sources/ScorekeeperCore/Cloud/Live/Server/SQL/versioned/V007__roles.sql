-- Version 7: roles (issue 49). A share's rules for scorers (what they
-- may add: ScorerRules, as JSON) and when its link stops admitting new
-- people; each participant's parent limit (self-scoring: everything they
-- save hangs under that record), when they joined and last changed
-- something (NULL before this version kept them); 'scoring' beside the
-- older permissions; 'removed' for a participant the owner removed, kept
-- so the link refuses them; and the links a share had before its
-- current one, refused with the words that they were replaced.

SET LOCAL ROLE :"owner";

ALTER TABLE scorekeeper.shares
  ADD COLUMN scorer_rules jsonb,
  ADD COLUMN link_expires_at bigint,
  DROP CONSTRAINT shares_public_permission_check,
  ADD CONSTRAINT shares_public_permission_check
    CHECK (public_permission IN ('none', 'read-only', 'scoring', 'read-write'));
ALTER TABLE scorekeeper.participants
  ADD COLUMN parent_limit text,
  ADD COLUMN joined_at bigint,
  ADD COLUMN last_change_at bigint,
  DROP CONSTRAINT participants_permission_check,
  ADD CONSTRAINT participants_permission_check
    CHECK (permission IN ('none', 'read-only', 'scoring', 'read-write')),
  DROP CONSTRAINT participants_acceptance_check,
  ADD CONSTRAINT participants_acceptance_check CHECK (acceptance IN ('pending', 'accepted', 'removed'));
CREATE TABLE scorekeeper.retired_links (
  link text PRIMARY KEY,
  owner text NOT NULL,
  zone text NOT NULL,
  share text NOT NULL,
  FOREIGN KEY (owner, zone, share) REFERENCES scorekeeper.shares ON DELETE CASCADE
);
CREATE INDEX retired_links_share ON scorekeeper.retired_links (owner, zone, share);
-- Read only by the API functions: no policy, no grant.
ALTER TABLE scorekeeper.retired_links ENABLE ROW LEVEL SECURITY;

RESET ROLE;
