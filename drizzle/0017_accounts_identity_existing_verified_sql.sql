-- Issue 22: accounts that existed before email verification keep live mode (they were
-- made before the rule; their owners have been using them). New sign-ups start unverified.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "email_verified_at" IS NULL;
