// Webhooks (docs/DESIGN.md §13): the owner adds an endpoint in the console and copies its
// secret, shown once; a guest's order reaches a receiver on 127.0.0.1 as a signed POST; the
// delivery log shows it delivered, and 'Send again' sends the same event id once more.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { consoleToken, newEmail, newProduct, signInToConsole } from './helpers';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that accepts everything and keeps what came. */
async function receiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => server.close() };
}

/** Whether `header` (`t=…,v1=…`) signs `body` with `secret`, as a receiver checks it. */
function signed(secret: string, header: string, body: string) {
  const fields = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  const want = createHmac('sha256', secret).update(`${fields.t}.${body}`).digest('hex');
  return want === fields.v1;
}

test('the owner adds an endpoint, an order reaches it signed, and the log sends it again', async ({ page, request }) => {
  const hook = await receiver();
  try {
    const token = await consoleToken(request);
    const productId = await newProduct(request, token, `Webhook washer ${Date.now()}`, 5);

    await signInToConsole(page);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('URL').fill(hook.url);
    await form.getByRole('checkbox', { name: /Order placed/ }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByRole('dialog');
    await expect(shown.getByText('Copy this secret now: it will not be shown again.')).toBeVisible();
    const secret = await shown.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('link', { name: hook.url })).toBeVisible();

    const placed = await request.post('/api/order', {
      headers: { 'Idempotency-Key': `webhooks-${Date.now()}` },
      data: {
        fulfilment: 'pickup',
        contact: { firstName: 'Ada', phoneNumber: '+447946095800', emailAddress: newEmail('hook') },
        saveAddress: false,
        payment: { method: 'cod' },
        items: [{ productId, quantity: 1 }],
      },
    });
    expect(placed.status()).toBe(201);
    const number = (await placed.json()).data.order.number as string;

    // The node's worker sends it within a second or two.
    await expect.poll(() => hook.received.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const first = hook.received[0];
    expect(first.headers['content-type']).toBe('application/json');
    expect(signed(secret, String(first.headers['shop-signature']), first.body)).toBe(true);
    const event = JSON.parse(first.body);
    expect(event.type).toBe('order.placed');
    expect(event.data.number).toBe(number);

    await page.getByRole('link', { name: hook.url }).click();
    const deliveries = page.getByRole('table').filter({ hasText: 'Order placed' });
    await expect(deliveries.getByText('Delivered')).toBeVisible();
    await deliveries.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByText('Delivery sent again')).toBeVisible();
    await expect.poll(() => hook.received.length).toBe(2);
    expect(JSON.parse(hook.received[1].body).id).toBe(event.id);
  } finally {
    hook.close();
  }
});
