import { ModalHost } from '../../../components/modals';
import { mockApi, renderAt } from '../../../test/render-route';
import { RolesSection } from '../components/RolesSection';
import { accountRoles, rolesReply } from './fixtures';

type Replies = Parameters<typeof mockApi>[0];

/** Renders Settings → Roles & Permissions at `url` with its modals, the roles API answering (and `replies`). */
export function openRolesSection(url = '/settings/permissions', replies: Replies = {}) {
  const fetchMock = mockApi({
    'GET /api/privileges/account-roles': accountRoles(),
    'GET /api/privileges/roles': rolesReply(),
    ...replies,
  });
  renderAt(
    <>
      <RolesSection />
      <ModalHost />
    </>,
    { path: '/settings/permissions/:subPage?', url },
  );
  return fetchMock;
}
