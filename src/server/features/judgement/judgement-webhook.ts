import type { FastifyBaseLogger } from 'fastify';
import { STATUS_LABEL } from '../../../domain/banlist/statuses.ts';
import { statusOfVote } from '../../../domain/judgement/votes.ts';
import type { Publication } from './judgement-repository.ts';

/** Discord refuses webhook messages longer than this. */
const DISCORD_CONTENT_MAX = 2000;

/** The Discord message announcing a published banlist: one line per card that changed. */
export function publicationSummary(p: Publication, siteUrl?: string): string {
  const lines = p.entries.map((e) => {
    const status = statusOfVote(e.currentOpinion);
    return `• ${e.cardName}: ${STATUS_LABEL[e.currentStatus]} → ${status ? STATUS_LABEL[status] : e.currentOpinion}`;
  });
  const head = `**${p.name}** is published, effective ${p.date}.`;
  const foot = siteUrl ? `\n${siteUrl}/banlist` : '';
  let text = [head, ...lines].join('\n') + foot;
  if (text.length > DISCORD_CONTENT_MAX) text = `${text.slice(0, DISCORD_CONTENT_MAX - foot.length - 2)}…${foot}`;
  return text;
}

/** Post the summary; a failing webhook never fails the send-off, it is only logged. */
export async function postToWebhook(url: string, content: string, log: FastifyBaseLogger): Promise<void> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content, allowed_mentions: { parse: [] } }),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) log.warn({ status: res.status }, 'Discord webhook refused the send-off summary');
  } catch (err) {
    log.warn({ err }, 'Discord webhook post failed');
  }
}
