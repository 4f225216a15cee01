import { AppRoutes } from '@runik/contract';

/** The login screen's address with the player as referrer: whoever registers through it is theirs. */
export function referralLink(hiveUsername: string): string {
  return `${window.location.origin}${AppRoutes.authentication}?ref=${encodeURIComponent(hiveUsername)}`;
}

/** Copies the referral link and tells the player whether it worked (spec section 8). */
export async function copyReferralLink(hiveUsername: string): Promise<void> {
  try {
    // navigator.clipboard is missing on insecure origins: that throws here and counts as a failure.
    await navigator.clipboard.writeText(referralLink(hiveUsername));
    window.alert('Referral Link Copied to your Clipboard!');
  } catch {
    window.alert('Failed to copy referral link. Please try again.');
  }
}
