import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OutboxRepository, StoredOutboxMessage } from './outbox-repository.ts';

const outboxQuery = z.object({ to: z.string().trim().toLowerCase().optional() });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const wire = (message: StoredOutboxMessage) => ({
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
  createdAt: message.createdAt.toISOString(),
  kind: message.kind,
});

// Links inside the framed e-mail open in the page itself, as they would from a mail client.
const withTopTarget = (html: string) => `<base target="_top">${html}`;

function mailPage(messages: StoredOutboxMessage[], to: string | undefined): string {
  const items = messages
    .map((message) => {
      const body =
        message.kind === 'email'
          ? `<iframe sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(withTopTarget(message.html))}"></iframe>`
          : `<pre>${escapeHtml(message.text)}</pre>`;
      return `<article>
  <header><span class="kind ${message.kind}">${message.kind === 'email' ? 'E-mail' : 'Text message'}</span>
  <strong>${escapeHtml(message.subject)}</strong></header>
  <p class="meta">To <a href="?to=${encodeURIComponent(message.to)}">${escapeHtml(message.to)}</a> · ${message.createdAt.toISOString()}</p>
  ${body}
</article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox${to ? ` · ${escapeHtml(to)}` : ''}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;background:#f4f5f7;color:#1d1d1f}
h1{font-size:1.4rem}article{background:#fff;border-radius:8px;padding:1rem;margin:0 0 1rem;box-shadow:0 1px 3px #0002}
.meta{color:#555;font-size:.85rem;margin:.25rem 0 .5rem}.kind{font-size:.75rem;padding:.1rem .4rem;border-radius:4px;margin-right:.5rem;color:#fff}
.email{background:#2d7dd2}.sms{background:#0a7c3e}iframe{width:100%;height:22rem;border:1px solid #ddd;border-radius:4px}
pre{white-space:pre-wrap;background:#f4f5f7;padding:.75rem;border-radius:4px}
</style></head><body>
<h1>Outbox${to ? ` for ${escapeHtml(to)} · <a href="/dev/mail">all</a>` : ''}</h1>
<p>Messages the server would have sent, newest first. Set SMTP_URL to send e-mail for real.</p>
${items || '<p>No messages yet.</p>'}
</body></html>`;
}

/** Development only: read what the server "sent". Not registered when NODE_ENV=production. */
export function registerDevMailRoutes(app: FastifyInstance, outbox: OutboxRepository): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/dev/outbox', { schema: { querystring: outboxQuery } }, async (request) => ({
    data: (await outbox.list({ to: request.query.to })).map(wire),
  }));
  typed.get('/dev/mail', { schema: { querystring: outboxQuery } }, async (request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(mailPage(await outbox.list({ to: request.query.to }), request.query.to)),
  );
}
