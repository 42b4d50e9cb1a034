// What the bot tells a person about themselves on the site (issue 39): a new level, a suspension and
// its end, the answer to a request to host; and its answer to a suspended user's command. Reasons
// are an admin's words: shown as written (escaped), never as markdown or a mention.
import type { APIInteractionResponse } from 'discord-api-types/v10';
import { aLevel } from '../people/levels.ts';
import { linkButton, rows, siteLink } from './buttons.ts';
import type { DmBody } from './dm-messages.ts';
import { bold, discordTime, escapeMarkdown } from './markdown.ts';
import { privateMessage } from './responses.ts';

/** The site as a message names it: its name and its public address. */
export interface DmSite { name: string; url: string }

const text = (content: string, components?: DmBody['components']): DmBody =>
  ({ content, allowed_mentions: { parse: [] }, ...(components && { components }) });
const because = (reason: string | null | undefined) => (reason?.trim() ? ` Reason: ${escapeMarkdown(reason)}` : '');
const hostButton = (site: DmSite) => linkButton('Host a tournament', `${site.url}/tournaments/new`);
const endOf = (until: string | null) => (until ? `until ${discordTime(until, 'f')}` : 'until an admin lifts it');

/** An admin changed the person's level. */
export function levelChangedDm(site: DmSite, c: { from: number; to: number; reason: string }): DmBody {
  const up = c.to > c.from;
  const can = c.to >= 2 ? ' You can now vote on the judgement board and manage people.' : c.to === 1 ? ' You can now host tournaments and edit series.' : '';
  return text(
    `An admin ${up ? 'made you' : 'changed your level to'} ${aLevel(c.to)} on ${bold(site.name)}.${can}${because(c.reason)}`,
    rows([c.to >= 1 ? hostButton(site) : siteLink(site.url)]),
  );
}

export function suspendedDm(site: DmSite, s: { reason: string; until: string | null }): DmBody {
  return text(`Your account on ${bold(site.name)} is suspended ${endOf(s.until)}.${because(s.reason)}`);
}

export function suspensionLiftedDm(site: DmSite): DmBody {
  return text(`Your suspension on ${bold(site.name)} is lifted: you can sign in and play again.`, rows([siteLink(site.url)]));
}

export function hostRequestApprovedDm(site: DmSite): DmBody {
  return text(`Your request to host on ${bold(site.name)} was approved: you are a curator now and can host tournaments.`, rows([hostButton(site)]));
}

export function hostRequestDeclinedDm(site: DmSite, reason: string): DmBody {
  return text(`Your request to host on ${bold(site.name)} was declined.${because(reason)} You may ask again later.`, rows([siteLink(site.url)]));
}

/** A suspended user's command: nothing is done; the end shows in their own time zone. */
export function suspendedAnswer(s: { reason: string; until: string | null }): APIInteractionResponse {
  return privateMessage(`Your account is suspended ${endOf(s.until)}: nothing was done.${because(s.reason)}`);
}
