// Support messages to a merchant: the oldest unread one is shown
// until the merchant marks it read.
import { api } from '@gatehouse/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notifications } from '../../core/db/schema.js';
import { badRequest, messages } from '../../core/errors.js';
import { route } from '../../core/http/route.js';

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.getNotification, async (_input, { session }) => {
    const [oldest] = await app.db
      .select({ id: notifications.id, content: notifications.content })
      .from(notifications)
      .where(and(eq(notifications.shopId, session.shopId), isNull(notifications.readAt)))
      .orderBy(asc(notifications.createdAt), asc(notifications.id))
      .limit(1);
    return oldest ?? { id: null, content: null };
  });

  route(
    app,
    api.markMessageRead,
    async ({ id }, { session }) => {
      const [message] = await app.db
        .select({ readAt: notifications.readAt })
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.shopId, session.shopId)));
      if (!message) throw badRequest(messages.messageNotFound);
      if (!message.readAt) {
        await app.db
          .update(notifications)
          .set({ readAt: new Date() })
          .where(and(eq(notifications.id, id), eq(notifications.shopId, session.shopId)));
      }
      return true;
    },
    { mutates: true },
  );
}
