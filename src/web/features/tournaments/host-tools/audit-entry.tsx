import type { AuditEntry } from '../../../../domain/api/tournaments.ts';
import { describeAuditEntry } from './audit-entry.ts';

/** One line of the audit log: the action and who did it, and for the server's own lines what failed. */
export function AuditEntryText({ entry }: { entry: AuditEntry }) {
  const line = describeAuditEntry(entry);
  return (
    <>
      <span className="font-medium">{line.title}</span> by {line.by}
      {line.detail && <span className="block break-words text-xs">{line.detail}</span>}
    </>
  );
}
