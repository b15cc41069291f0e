// /feedback.html: where the admin's rating popup sends a merchant who gave 1–4
// stars. GET records the rating as a rating event and offers a comment form; POST accepts
// only that form (a signed token naming the event, valid for a day) and stores the comment
// (clean text only: no control or bidi characters). Bad input answers a 400 page, an unknown shop a polite 404 page; both are rate-limited.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { textProblem } from '@gatehouse/contracts';
import { and, eq, gte } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ratingEvents, shops } from '../../core/db/schema.js';
import { COMMENT_MAX, messagePage, ratingPage, thanksPage } from './feedback-page.js';

const TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const SAME_RATING_WINDOW_MS = 10 * 60 * 1000;

export function signFeedbackToken(secret: string, eventId: string, expiresAt: number): string {
  const payload = `${eventId}.${expiresAt}`;
  const mac = createHmac('sha256', secret).update(`feedback:${payload}`).digest('base64url');
  return `${payload}.${mac}`;
}

/** The rating event a token names, or null when it is forged, malformed or expired. */
export function verifyFeedbackToken(secret: string, token: string, now = Date.now()) {
  const match = /^([0-9a-f-]{36})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, eventId, expires] = match as unknown as [string, string, string];
  const expected = Buffer.from(signFeedbackToken(secret, eventId, Number(expires)));
  const given = Buffer.from(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return Number(expires) > now ? eventId : null;
}

export async function feedbackRoutes(app: FastifyInstance): Promise<void> {
  const secret = app.config.appSecret;
  const config = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).type('text/html; charset=utf-8').send(body);

  // The comment form posts application/x-www-form-urlencoded; only this plugin parses it.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get('/feedback.html', { config }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const shopId = typeof query.shopId === 'string' ? query.shopId.trim() : '';
    const rating = typeof query.rating === 'string' ? Number(query.rating) : NaN;
    if (!/^\d{1,20}$/.test(shopId) || !Number.isInteger(rating) || rating < 1 || rating > 5) {
      return html(
        reply,
        400,
        messagePage('This link is not complete', 'Please open the rating again from the app.'),
      );
    }
    const [shop] = await app.db.select().from(shops).where(eq(shops.shopifyShopId, shopId));
    if (!shop) {
      return html(
        reply,
        404,
        messagePage(
          'We could not find your store',
          'Sorry, this feedback link does not match a store using Gatehouse. Please open it again from the app.',
        ),
      );
    }
    // A reload within a few minutes reuses the rating just recorded instead of adding another.
    const [recent] = await app.db
      .select()
      .from(ratingEvents)
      .where(
        and(
          eq(ratingEvents.shopId, shop.id),
          eq(ratingEvents.kind, 'rated'),
          eq(ratingEvents.rating, rating),
          gte(ratingEvents.createdAt, new Date(Date.now() - SAME_RATING_WINDOW_MS)),
        ),
      )
      .limit(1);
    const event =
      recent ??
      (
        await app.db
          .insert(ratingEvents)
          .values({ shopId: shop.id, kind: 'rated', rating })
          .returning()
      )[0]!;
    const token = signFeedbackToken(secret, event.id, Date.now() + TOKEN_TTL_MS);
    return html(reply, 200, ratingPage(rating, token));
  });

  app.post('/feedback.html', { config }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const token = typeof body.token === 'string' ? body.token : '';
    const comment = typeof body.comment === 'string' ? body.comment.trim() : '';
    const eventId = verifyFeedbackToken(secret, token);
    if (!eventId) {
      return html(
        reply,
        400,
        messagePage(
          'This form has expired',
          'Please open the rating again from the app to send your feedback.',
        ),
      );
    }
    const [event] = await app.db.select().from(ratingEvents).where(eq(ratingEvents.id, eventId));
    if (!event) {
      return html(
        reply,
        400,
        messagePage('This form has expired', 'Please rate again from the app.'),
      );
    }
    const error =
      comment.length === 0
        ? 'Please write a comment before sending.'
        : comment.length > COMMENT_MAX
          ? `Please keep your comment under ${COMMENT_MAX} characters.`
          : textProblem(comment, 'Your comment');
    if (error) return html(reply, 400, ratingPage(event.rating ?? 1, token, error));
    await app.db.update(ratingEvents).set({ comment }).where(eq(ratingEvents.id, event.id));
    return html(reply, 200, thanksPage());
  });
}
