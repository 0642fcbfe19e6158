import type { FastifyInstance } from 'fastify';
import { registerAccountRoutes } from './authentication/account.ts';
import { registerApiKeyRoutes } from './authentication/api-keys.ts';
import { registerSignInRoutes } from './authentication/sign-in.ts';
import { registerOrganizationRoutes } from './organizations/index.ts';
import { registerPaymentRoutes } from './payments/index.ts';
import { registerPlanRoutes } from './plan/index.ts';
import { registerDocumentRoutes } from './documents/index.ts';
import { registerPrivilegeRoutes } from './privileges/index.ts';
import { registerSigningRoutes } from './signing/index.ts';
import { registerSystemRoutes } from './system/index.ts';
import { registerDevRoutes } from './dev/index.ts';
import { registerPkiRoutes } from './pki/index.ts';
import { registerVerificationRoutes } from './verification/index.ts';
import { registerGuideRoutes } from './guides/index.ts';
import { registerNotificationRoutes } from './notifications/index.ts';
import { registerWebhookRoutes } from './webhooks/index.ts';
import { registerEmbeddingRoutes } from './embedding/index.ts';
import { registerBulkSendRoutes } from './bulk-send/index.ts';

/** Every API area, in one place. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  registerSystemRoutes(app);
  registerPrivilegeRoutes(app);
  registerDocumentRoutes(app);
  registerSigningRoutes(app);
  registerPkiRoutes(app);
  registerVerificationRoutes(app);
  registerPlanRoutes(app);
  registerPaymentRoutes(app);
  registerAccountRoutes(app);
  registerApiKeyRoutes(app);
  registerWebhookRoutes(app);
  registerEmbeddingRoutes(app);
  registerBulkSendRoutes(app);
  registerGuideRoutes(app);
  registerNotificationRoutes(app);
  registerOrganizationRoutes(app);
  registerSignInRoutes(app);
  registerDevRoutes(app);
}
