import { ApiKeysSection } from '../features/api-keys/components/ApiKeysSection';
import { EmbeddingSection } from '../features/embedding/components/EmbeddingSection';
import { BillingSection } from '../features/billing/components/BillingSection';
import { PricingSection } from '../features/billing/components/PricingSection';
import { registerBillingModals } from '../features/billing/modals';
import { InformationSection } from '../features/members/components/InformationSection';
import { UsersSection } from '../features/members/components/UsersSection';
import { registerMembersModals } from '../features/members/modals';
import { RolesSection } from '../features/roles/components/RolesSection';
import { registerRolesModals } from '../features/roles/modals';
import { SettingsPage, type SettingsSections } from '../features/settings/components/SettingsPage';
import { WebhooksSection } from '../features/webhooks/components/WebhooksSection';

registerBillingModals();
registerRolesModals();
registerMembersModals();

/** The settings frame with the pages other features provide (features do not import each other). */
const SECTIONS: SettingsSections = {
  information: InformationSection,
  users: UsersSection,
  permissions: RolesSection,
  'api-keys': ApiKeysSection,
  webhooks: WebhooksSection,
  embedding: EmbeddingSection,
  billing: BillingSection,
  pricing: PricingSection,
};

export default function Settings() {
  return <SettingsPage sections={SECTIONS} />;
}
