import type { FastifyInstance } from 'fastify';
import { finish, html, interactionOf } from '../../identity/local/interaction.ts';
import type { LocalProviderHandle } from '../../identity/local/plugin.ts';
import { TEST_PERSONS, testPersonById } from '../test-persons.ts';
import { EXPIRED_PAGE, TEST_EID_LOGIN_PATH, languageOf, testLoginPage } from './page.ts';
import { TEST_EID_ACR, testPseudonymOf } from './provider.ts';

function formOf(body: unknown): { person: string; action: 'identify' | 'cancel' } {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return {
    person: typeof fields.person === 'string' ? fields.person.slice(0, 40) : '',
    action: fields.action === 'cancel' ? 'cancel' : 'identify',
  };
}

/** The TEST eID provider's login page: choose a test person, or cancel (`error=access_denied`). */
export function registerTestEidInteraction(app: FastifyInstance, provider: LocalProviderHandle): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get<{ Params: { uid: string } }>(`${TEST_EID_LOGIN_PATH}/:uid`, async (req, reply) => {
    const interaction = await interactionOf(provider, req, reply);
    if (!interaction) return html(reply, 400, EXPIRED_PAGE);
    const lang = languageOf(interaction.params.ui_locales);
    return html(reply, 200, testLoginPage({ uid: interaction.uid, lang, persons: TEST_PERSONS }));
  });

  app.post<{ Params: { uid: string } }>(`${TEST_EID_LOGIN_PATH}/:uid`, async (req, reply) => {
    const interaction = await interactionOf(provider, req, reply);
    if (!interaction) return html(reply, 400, EXPIRED_PAGE);
    const form = formOf(req.body);
    if (form.action === 'cancel') {
      return finish(
        provider,
        req,
        reply,
        { error: 'access_denied', error_description: 'The identification was cancelled.' },
        EXPIRED_PAGE,
      );
    }
    const person = testPersonById(form.person);
    if (!person) {
      const lang = languageOf(interaction.params.ui_locales);
      return html(
        reply,
        400,
        testLoginPage({ uid: interaction.uid, lang, persons: TEST_PERSONS, error: true }),
      );
    }
    const accountId = testPseudonymOf(person);
    const p = await provider();
    const grant = new p.Grant({ accountId, clientId: String(interaction.params.client_id) });
    grant.addOIDCScope(String(interaction.params.scope ?? 'openid'));
    const grantId = await grant.save();
    return finish(
      provider,
      req,
      reply,
      { login: { accountId, acr: TEST_EID_ACR, amr: ['test'] }, consent: { grantId } },
      EXPIRED_PAGE,
    );
  });
}
