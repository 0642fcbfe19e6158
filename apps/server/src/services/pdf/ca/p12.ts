import type { AuthenticatedSafe, SafeContents } from 'pkijs';
import {
  CertBag,
  Certificate,
  EncryptedContentInfo,
  EncryptedData,
  PFX,
  PKCS8ShroudedKeyBag,
  PrivateKeyInfo,
  type SafeBag,
} from 'pkijs';
import { arrayBuffer } from './keys.ts';

/**
 * Reads the certificate and private key from a password-protected PKCS#12 file, as written by
 * `openssl pkcs12 -export` (OpenSSL 3 defaults: PBES2/PBKDF2 with AES, HMAC-SHA-256 MAC). Legacy
 * RC2/3DES encryption (`-legacy`) is not supported by WebCrypto: re-export such files.
 */
export async function readPkcs12(
  der: Uint8Array,
  password: string,
): Promise<{ certificates: Uint8Array[]; privateKey: Uint8Array }> {
  const pfx = PFX.fromBER(arrayBuffer(der));
  // UTF-8 bytes: pkijs turns them into the BMPString that the MAC's key derivation wants (RFC 7292 B.1).
  const utf8 = arrayBuffer(Buffer.from(password, 'utf8'));
  try {
    await pfx.parseInternalValues({ password: utf8, checkIntegrity: true });
  } catch (cause) {
    throw new Error('Cannot open the signing CA PKCS#12 file: wrong password or damaged file.', { cause });
  }
  const safe = pfx.parsedValue?.authenticatedSafe as AuthenticatedSafe | undefined;
  if (!safe) throw new Error('The PKCS#12 file has no content.');
  await safe.parseInternalValues({ safeContents: safe.safeContents.map(() => ({ password: utf8 })) });
  const bags: SafeBag[] = (safe.parsedValue.safeContents as { value: SafeContents }[]).flatMap(
    (c) => c.value.safeBags,
  );
  const certificates: Uint8Array[] = [];
  let privateKey: Uint8Array | undefined;
  for (const bag of bags) {
    if (bag.bagValue instanceof CertBag && bag.bagValue.parsedValue instanceof Certificate) {
      certificates.push(new Uint8Array(bag.bagValue.parsedValue.toSchema().toBER()));
    } else if (bag.bagValue instanceof PKCS8ShroudedKeyBag) {
      const encrypted = new EncryptedData({
        encryptedContentInfo: new EncryptedContentInfo({
          contentEncryptionAlgorithm: bag.bagValue.encryptionAlgorithm,
          encryptedContent: bag.bagValue.encryptedData,
        }),
      });
      privateKey = new Uint8Array(await encrypted.decrypt({ password: utf8 }));
    } else if (bag.bagValue instanceof PrivateKeyInfo) {
      privateKey = new Uint8Array(bag.bagValue.toSchema().toBER());
    }
  }
  if (!privateKey) throw new Error('The PKCS#12 file holds no private key.');
  if (certificates.length === 0) throw new Error('The PKCS#12 file holds no certificate.');
  return { certificates, privateKey };
}
