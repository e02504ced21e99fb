import type { i18n as I18n, TFunction } from 'i18next';
import { ApiError, refusalText } from '../../shared/api';

/** The text of a refusal at the counter: pos.errors.<code> in the reader's language, with the server's values. */
export function posErrorText(e: unknown, t: TFunction, i18n: I18n): string {
  return refusalText(e, t, i18n, 'pos');
}

/** Why a save took a coupon off the order, in the reader's language (the server's refusal of that coupon). */
export function removedReason(c: { code_reason: string; message: string; params?: Record<string, string> | null }, t: TFunction, i18n: I18n): string {
  return refusalText(new ApiError(400, c.message, c.code_reason, { params: c.params ?? undefined }), t, i18n, 'pos');
}
