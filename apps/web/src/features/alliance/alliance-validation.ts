import { createAllianceSchema, updateAllianceSchema, type CreateAllianceRequest, type UpdateAllianceRequest } from '@runik/contract';

/** The body to send, or the first rule it breaks (the messages the server would answer with). */
export type Checked<Body> = { ok: true; body: Body } | { ok: false; message: string };

// The contract's own schemas, so the page refuses exactly what the server would,
// in the order of the fields (name, tag, icon, description).
function check<Body>(result: { success: true; data: Body } | { success: false; error: { issues: { message: string }[] } }): Checked<Body> {
  return result.success ? { ok: true, body: result.data } : { ok: false, message: result.error.issues[0].message };
}

/** Trimmed, with the tag upper-cased, when valid. */
export function checkCreateAlliance(form: CreateAllianceRequest): Checked<CreateAllianceRequest> {
  return check(createAllianceSchema.safeParse(form));
}

/** A tag or a description edit ('Tag must be exactly 3 characters!', 'Description cannot be empty!'). */
export function checkAllianceUpdate(update: UpdateAllianceRequest): Checked<UpdateAllianceRequest> {
  return check(updateAllianceSchema.safeParse(update));
}
