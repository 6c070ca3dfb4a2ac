/**
 * A local stand-in for PayPal's orders API (tests and the bench): the app's PayPal server SDK
 * reaches it through PAYPAL_API_URL (payments/paypal-transport.ts). It speaks OAuth client
 * credentials, create order, get order, capture and refund a capture; PayPal-Request-Id makes a
 * repeated create, capture or refund answer the first result. A test plays the payer approving the
 * order, and can make the next capture fail as a declined instrument does.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './stand-in-http.ts';

interface Money {
  currency_code: string;
  value: string;
}

export interface StandInOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  intent: string;
  purchase_units: {
    reference_id?: string;
    custom_id?: string;
    amount: Money;
    items?: { name: string; quantity: string; unit_amount: Money }[];
    payments?: { captures: { id: string; status: string; amount: Money }[] };
  }[];
}

export interface PaypalStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  orders: Map<string, StandInOrder>;
  captures: string[];
  refunds: { id: string; capture: string; amount: Money; status: string }[];
  /** The status new refunds get ('COMPLETED' unless set: 'PENDING' for one PayPal finishes later). */
  refundStatus: string;
  /** The next refund call fails with a 500 before anything is refunded (a lost answer to retry). */
  failNextRefund(): void;
  /** The PayPal-Request-Id of each POST that carried one, as `path id`. */
  requestIds: string[];
  /** The payer approves the order in PayPal's window. */
  approve(id: string): void;
  /** The next capture is declined (422 INSTRUMENT_DECLINED), as PayPal answers a failed funding. */
  failNextCapture(): void;
  /** Forgets everything (between tests). */
  reset(): void;
  close(): Promise<void>;
}

export async function startPaypalStandIn(clientId = 'paypal-client-id', clientSecret = 'paypal-secret') {
  const orders = new Map<string, StandInOrder>();
  const captures: string[] = [];
  const refunds: PaypalStandIn['refunds'] = [];
  const remembered = new Map<string, { status: number; body: unknown }>();
  const requestIds: string[] = [];
  const token = `A21AA-standin-${Math.random().toString(36).slice(2)}`;
  let counter = 0;
  let failCapture = false;
  let failRefund = false;

  const problem = (status: number, name: string, issue: string) => ({
    status,
    body: { name, message: issue, details: [{ issue, description: issue }] },
  });

  function handle(method: string, path: string, text: string): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const body = JSON.parse(text) as Omit<StandInOrder, 'id' | 'status'>;
      counter += 1;
      const order: StandInOrder = { id: `ORDER${String(counter).padStart(6, '0')}`, status: 'CREATED', ...body };
      orders.set(order.id, order);
      return { status: 201, body: { id: order.id, status: order.status } };
    }
    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderPath) {
      const order = orders.get(orderPath[1] ?? '');
      if (!order) return problem(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (method === 'GET' && !orderPath[2]) return { status: 200, body: order };
      if (method === 'POST' && orderPath[2]) {
        if (order.status === 'COMPLETED') return problem(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
        if (order.status !== 'APPROVED') return problem(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
        if (failCapture) {
          failCapture = false;
          return problem(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED');
        }
        const unit = order.purchase_units[0];
        if (!unit) return problem(422, 'UNPROCESSABLE_ENTITY', 'MISSING_PURCHASE_UNIT');
        const capture = { id: `CAPTURE${order.id.slice(5)}`, status: 'COMPLETED', amount: unit.amount };
        unit.payments = { captures: [capture] };
        order.status = 'COMPLETED';
        captures.push(capture.id);
        return { status: 201, body: order };
      }
    }
    const refundPath = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && refundPath) {
      const capture = refundPath[1] ?? '';
      if (!captures.includes(capture)) return problem(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      const amount = (JSON.parse(text || '{}') as { amount?: Money }).amount ?? { currency_code: 'GBP', value: '0.00' };
      if (failRefund) {
        failRefund = false;
        return problem(500, 'INTERNAL_SERVER_ERROR', 'INTERNAL_SERVICE_ERROR');
      }
      const refund = { id: `REFUND${refunds.length + 1}`, capture, amount, status: standIn.refundStatus };
      refunds.push(refund);
      return { status: 201, body: { id: refund.id, status: refund.status, amount } };
    }
    const refundGet = /^\/v2\/payments\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundGet) {
      const refund = refunds.find((r) => r.id === refundGet[1]);
      if (!refund) return problem(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      return { status: 200, body: { id: refund.id, status: refund.status, amount: refund.amount } };
    }
    return problem(404, 'NOT_FOUND', 'UNKNOWN_PATH');
  }

  const server = createServer(async (request, response) => {
    const text = await readBody(request);
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    let answer: { status: number; body: unknown };
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      answer =
        request.headers.authorization === basic
          ? { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: 32400, scope: 'orders' } }
          : problem(401, 'invalid_client', 'Client Authentication failed');
    } else if (request.headers.authorization !== `Bearer ${token}`) {
      answer = problem(401, 'AUTHENTICATION_FAILURE', 'invalid token');
    } else {
      const key = request.headers['paypal-request-id'];
      if (typeof key === 'string' && method === 'POST') requestIds.push(`${path} ${key}`);
      const seen = typeof key === 'string' ? remembered.get(`${path}:${key}`) : undefined;
      answer = seen ?? handle(method, path, text);
      if (typeof key === 'string' && method === 'POST' && answer.status < 400) remembered.set(`${path}:${key}`, answer);
    }
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const standIn: PaypalStandIn = {
    url,
    clientId,
    clientSecret,
    orders,
    captures,
    refunds,
    requestIds,
    approve(id) {
      const order = orders.get(id);
      if (!order) throw new Error(`no order ${id}`);
      order.status = 'APPROVED';
    },
    refundStatus: 'COMPLETED',
    failNextCapture() {
      failCapture = true;
    },
    failNextRefund() {
      failRefund = true;
    },
    reset() {
      orders.clear();
      captures.length = 0;
      refunds.length = 0;
      requestIds.length = 0;
      remembered.clear();
      failCapture = false;
      failRefund = false;
      standIn.refundStatus = 'COMPLETED';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
