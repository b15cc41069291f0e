// GET/POST /shops/:shop/admin/charges/:id/confirm: the confirmationUrl of a subscription (the
// approval step of the platform's billing flow). Approve → ACTIVE, Decline → DECLINED, each sending
// app_subscriptions/update, then the merchant goes back to the app's returnUrl with `charge_id`. A
// charge that is no longer PENDING cannot be answered.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { shopUrl, type EmulatorContext } from '../context.js';
import { adminPage } from '../html/admin-layout.js';
import { html } from '@gatehouse/html';
import { shopOr404 } from '../shop-scope.js';
import type { AppSubscriptionRecord, ShopRecord } from '../state/types.js';
import { chargeClosedPage, confirmationPage } from './confirmation-page.js';
import {
  approveSubscription,
  findSubscription,
  returnUrlWithChargeId,
  transition,
} from './subscriptions.js';

const CONFIRM_PATH = '/admin/charges/:id/confirm';

export async function chargeRoutes(app: FastifyInstance, context: EmulatorContext) {
  /** The shop and its subscription named in the path, or a 404 page already sent. */
  const load = (
    request: FastifyRequest,
    reply: FastifyReply,
  ): { shop: ShopRecord; sub: AppSubscriptionRecord } | null => {
    const shop = shopOr404(context, request, reply);
    if (!shop) return null;
    const { id } = request.params as { id: string };
    const sub = /^\d+$/.test(id) ? findSubscription(context, shop.domain, Number(id)) : undefined;
    if (sub) return { shop, sub };
    void reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(
        adminPage({
          title: 'Charge not found',
          shopName: shop.name,
          body: html`<div class="card">
            <h1>Charge not found</h1>
            <p class="muted">There is no app charge ${id} on ${shop.name}.</p>
          </div>`,
        }),
      );
    return null;
  };

  const closed = (reply: FastifyReply, shop: ShopRecord, sub: AppSubscriptionRecord) =>
    reply
      .code(409)
      .type('text/html; charset=utf-8')
      .send(chargeClosedPage(context.app.name, shop, sub, shopUrl(context, shop.domain, '/admin')));

  app.get(CONFIRM_PATH, async (request, reply) => {
    const found = load(request, reply);
    if (!found) return reply;
    const { shop, sub } = found;
    if (sub.status !== 'PENDING') return closed(reply, shop, sub);
    return reply.type('text/html; charset=utf-8').send(
      confirmationPage({
        appName: context.app.name,
        shop,
        sub,
        actionUrl: shopUrl(context, shop.domain, `/admin/charges/${sub.id}/confirm`),
      }),
    );
  });

  app.post(CONFIRM_PATH, async (request, reply) => {
    const found = load(request, reply);
    if (!found) return reply;
    const { shop, sub } = found;
    const { decision } = (request.body ?? {}) as { decision?: string };
    if (decision !== 'approve' && decision !== 'decline') {
      return reply.code(400).type('text/plain; charset=utf-8').send('Approve or Decline');
    }
    const answered =
      decision === 'approve'
        ? approveSubscription(context, sub)
        : transition(context, sub, 'DECLINED');
    if (!answered) return closed(reply, shop, sub);
    return reply.redirect(returnUrlWithChargeId(sub), 302);
  });
}
