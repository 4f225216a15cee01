import { Injectable, Logger } from '@nestjs/common';
import { cryptoUtils, PublicKey, Signature } from '@hiveio/dhive';
import { ErrorMessages } from '@runik/contract';
import { HiveNodeClient } from '../chain/hive-node.client';
import { ApiError } from '../core/errors/api-error';

/** Checks that a Keychain `requestSignBuffer(..., 'Posting')` signature comes from the account's posting authority. */
@Injectable()
export class PostingSignatureService {
  private readonly logger = new Logger(PostingSignatureService.name);

  constructor(private readonly hiveNode: HiveNodeClient) {}

  async assertSignedByPostingKey(username: string, message: string, signatureHex: string): Promise<void> {
    const signer = recoverSigner(message, signatureHex);
    const account = await this.hiveNode.getAccount(username).catch((error: Error) => {
      this.logger.warn(`Hive node lookup of ${username} failed: ${error.message}`);
      throw ApiError.unavailable(ErrorMessages.chainUnavailable);
    });
    if (!account) throw ApiError.unauthorized(ErrorMessages.hiveAccountNotFound);
    const { key_auths, weight_threshold } = account.posting;
    const authorized = signer !== null && key_auths.some(([key, weight]) => String(key) === signer && weight >= weight_threshold);
    if (!authorized) throw ApiError.unauthorized(ErrorMessages.signatureInvalid);
  }
}

/** The public key that signed sha256(message), or null if the signature is malformed. */
function recoverSigner(message: string, signatureHex: string): string | null {
  try {
    const key: PublicKey = Signature.fromString(signatureHex).recover(cryptoUtils.sha256(message));
    return key.toString();
  } catch {
    return null;
  }
}
