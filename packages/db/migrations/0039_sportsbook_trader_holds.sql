-- Traders' holds on sportsbook events and markets (ADR 047, issue #18): kept apart from
-- sb_markets.status, which the feed owns and rewrites with every odds change, so the feed never lifts a
-- hold; only the trading desk's reopen deletes the row. market_key '' holds the whole event.
CREATE TABLE "sb_trader_holds" (
	"event_id" text NOT NULL,
	"market_key" text NOT NULL,
	"reason" text NOT NULL,
	"staff" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sb_trader_holds_event_id_market_key_pk" PRIMARY KEY("event_id","market_key"),
	CONSTRAINT "sb_trader_holds_reason_check" CHECK (length("sb_trader_holds"."reason") BETWEEN 3 AND 500)
);
