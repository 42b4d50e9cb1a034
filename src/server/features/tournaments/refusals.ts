// The result rules' no as the HTTP answer: an invalid result 400, a player who may not 403, a
// match or an event in the wrong state 409 (src/domain/tournaments/result-rules.ts says which).
import { isRefusal, type Refusal } from '../../../domain/tournaments/result-rules.ts';
import { badRequest, conflict, forbidden, type HttpError } from '../../errors.ts';

const STATUS: Record<Refusal['refused'], (message: string) => HttpError> = { invalid: badRequest, forbidden, conflict };

/** Throws the rule's refusal, if it made one. */
export function refuse(refusal: Refusal | null): void {
  if (refusal) throw STATUS[refusal.refused](refusal.message);
}

/** What the rule decided, or its refusal thrown. */
export function decided<T extends object>(answer: Refusal | T): T {
  if (isRefusal(answer)) throw STATUS[answer.refused](answer.message);
  return answer;
}
