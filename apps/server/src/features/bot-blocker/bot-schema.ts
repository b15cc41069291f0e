// The Bot Blocker's rules: one row per category the merchant has set (a category without a row
// is off) and one per custom user-agent pattern. Each row is one engine rule and counts the
// visits it decided. Its action is in blocker_settings, like every blocker's; monitor mode is
// each row's own.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { shops } from '../../core/db/schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A category's mode, or a pattern's: exactly one of `category` and `pattern` is set. */
export const botRules = pgTable(
  'bot_rules',
  {
    /** Also the engine rule id: decisions and visits name it. */
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** One of the engine's BOT_CATEGORIES. */
    category: text('category'),
    /** The pattern as the merchant entered it, trimmed. */
    pattern: text('pattern'),
    /** The pattern is a regular expression (a piece of text otherwise). */
    regex: boolean('regex').notNull().default(false),
    /**
     * What makes two rows the same: `category:ai-crawlers`, `text:` and the text in lower case
     * (texts match without regard to case), or `regex:` and the expression as entered.
     */
    key: text('key').notNull(),
    /** block, monitor (log "would block", let the visitor in) or off (a category only). */
    mode: text('mode').notNull().default('block'),
    note: text('note').notNull().default(''),
    /** Visits this rule decided (blocked, redirected, or watched in monitor mode). */
    hits: bigint('hits', { mode: 'number' }).notNull().default(0),
    lastHitAt: tz('last_hit_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bot_rules_shop_key_idx').on(t.shopId, t.key),
    index('bot_rules_shop_created_idx').on(t.shopId, t.createdAt, t.id),
    check(
      'bot_rules_category_or_pattern',
      sql`(${t.category} is null) <> (${t.pattern} is null) and ${t.mode} in ('block', 'monitor', 'off') and (${t.pattern} is null or ${t.mode} <> 'off')`,
    ),
  ],
);
export type BotRuleRow = typeof botRules.$inferSelect;
