// "Leave us message": the contracts' schema enforces every rule server-side;
// support reads the stored questions through the support CLI.
import { api } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { customerQuestions } from '../../core/db/schema.js';
import { route } from '../../core/http/route.js';

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  route(
    app,
    api.createCustomerQuestion,
    async (input, { session }) => {
      await app.db.insert(customerQuestions).values({
        shopId: session.shopId,
        name: input.name.trim(),
        replyEmail: input.replyEmail.trim(),
        content: input.content,
      });
      return true;
    },
    { mutates: true },
  );
}
