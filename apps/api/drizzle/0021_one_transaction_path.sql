-- Sessions are checked in the database on every request (authenticator.ts): nothing keeps them
-- in memory any more, so the notices and marks of migrations 0019 and 0020 have no listener.
DROP TRIGGER IF EXISTS sessions_session_change ON sessions;--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_session_end ON sessions;--> statement-breakpoint
DROP TRIGGER IF EXISTS users_session_change ON users;--> statement-breakpoint
DROP TRIGGER IF EXISTS users_session_end ON users;--> statement-breakpoint
DROP TRIGGER IF EXISTS roles_session_change ON roles;--> statement-breakpoint
DROP TRIGGER IF EXISTS roles_session_end ON roles;--> statement-breakpoint
DROP TRIGGER IF EXISTS firms_session_change ON firms;--> statement-breakpoint
DROP TRIGGER IF EXISTS firms_session_end ON firms;--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_session_change();
