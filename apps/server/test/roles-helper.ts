import { and, eq } from 'drizzle-orm';
import type { Role } from '@sinetti/contract';
import { auditEvents, memberships } from '../src/db/schema/index.ts';
import type { DocumentsTestApp } from './documents-helper.ts';
import type { TestUser } from './helper.ts';

/** Calls of the roles API for one test app. */
export function rolesApi(t: DocumentsTestApp) {
  return {
    list: (user: TestUser) => t.json(user, 'GET', '/api/privileges/roles'),
    info: (user: TestUser, id: string) => t.json(user, 'GET', `/api/privileges/role-info/${id}`),
    add: (user: TestUser, body: unknown) => t.json(user, 'POST', '/api/privileges/role-add', body),
    update: (user: TestUser, id: string, body: unknown) =>
      t.json(user, 'POST', `/api/privileges/role-update/${id}`, body),
    remove: (user: TestUser, id: string) => t.json(user, 'GET', `/api/privileges/role-delete/${id}`),
    assign: (user: TestUser, userId: string, roleId: string) =>
      t.json(user, 'POST', `/api/privileges/role/${userId}`, { roleId }),
    unassign: (user: TestUser, userId: string, roleId: string) =>
      t.json(user, 'GET', `/api/privileges/delete-role/${userId}/${roleId}`),
    /** The organization's roles, as the owner sees them. */
    async roles(owner: TestUser): Promise<Role[]> {
      const res = await t.json(owner, 'GET', '/api/privileges/roles');
      if (res.statusCode !== 200) throw new Error(`roles failed: ${res.body}`);
      return res.json().roles as Role[];
    },
    /** Adds a role and sets its permissions, as the web app's editor does (SPEC §4.9). */
    async create(owner: TestUser, name: string, permissions: number[]): Promise<string> {
      const res = await t.json(owner, 'POST', '/api/privileges/role-add', { name });
      if (res.statusCode !== 200) throw new Error(`role-add failed: ${res.body}`);
      const roleId = res.json().roleId as string;
      if (permissions.length > 0) {
        const up = await t.json(owner, 'POST', `/api/privileges/role-update/${roleId}`, {
          permissions: permissions.map((id) => ({ id, permissionValue: 1 })),
        });
        if (up.statusCode !== 200) throw new Error(`role-update failed: ${up.body}`);
      }
      return roleId;
    },
    /** A member of the owner's organization holding no role. */
    async bareMember(owner: TestUser): Promise<TestUser> {
      const user = await t.signUp();
      const organizationId = owner.personalOrganizationId;
      await t.database.db.insert(memberships).values({ organizationId, accountId: user.accountId });
      return { ...user, personalOrganizationId: organizationId };
    },
    async audit(organizationId: string, action: string) {
      return t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.organizationId, organizationId), eq(auditEvents.action, action)));
    },
  };
}

export const granted = (role: Role): number[] =>
  role.permissions.filter((p) => p.permissionValue === 1).map((p) => p.id);
