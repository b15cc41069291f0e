CREATE TABLE "install_claims" (
	"domain" text PRIMARY KEY NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL
);
