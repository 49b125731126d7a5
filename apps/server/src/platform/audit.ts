/** How other modules write to the audit log (the moderation module's writer, injected, so they do not import it). */
export type AuditWriter = (entry: AuditInput) => Promise<void>;

export type AuditInput = {
  actorId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  details?: Record<string, unknown>;
};
