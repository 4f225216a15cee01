import { AppRoutes } from '@runik/contract';
import type { ShowToast } from '../../ui/Toasts';

/** The login screen's address with the player as referrer: whoever registers through it is theirs. */
export function referralLink(hiveUsername: string): string {
  return `${window.location.origin}${AppRoutes.authentication}?ref=${encodeURIComponent(hiveUsername)}`;
}

/** Copies the referral link and tells the player in a toast whether it worked (the spec's texts, section 8). */
export async function copyReferralLink(hiveUsername: string, showToast: ShowToast): Promise<void> {
  try {
    // navigator.clipboard is missing on insecure origins: that throws here and counts as a failure.
    await navigator.clipboard.writeText(referralLink(hiveUsername));
    showToast('Referral Link Copied to your Clipboard!');
  } catch {
    showToast('Failed to copy referral link. Please try again.', 'error');
  }
}
