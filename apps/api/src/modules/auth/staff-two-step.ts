import { createHmac, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import {
  PASSKEY_MESSAGES,
  RECOVERY_CODE_COUNT,
  TWO_STEP_MESSAGES,
  type TotpSetup,
  type TwoStepChallenge,
  type TwoStepSession,
  type TwoStepStatus,
} from '@matterhorn/shared';
import type { AppConfig } from '../../config.ts';
import { switchToFirm, type Database, type Tx } from '../../db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { createLinkSecret, decryptSecret, encryptSecret, hashLinkSecret } from '../../lib/secrets.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import * as repository from './auth.repository.ts';
import { secureAccountAfterRecovery } from './recovery-step.ts';
import { openSession } from './sessions.ts';
import type { SignInSlowDown } from './sign-in-slow-down.ts';

/** Long enough to open an authenticator app (or install one), short enough to be useless if stolen. */
const CHALLENGE_MINUTES = 10;
const TOTP_SECRET_PURPOSE = 'firm-totp-secret';
/** One 30-second step either side, for a phone's clock that is a little off. */
const EPOCH_TOLERANCE_SECONDS = 30;
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

const invalidCode = () => badRequest(TWO_STEP_MESSAGES.invalidCode, { code: TWO_STEP_MESSAGES.invalidCode });
const expired = () => badRequest(TWO_STEP_MESSAGES.expired, { challenge: TWO_STEP_MESSAGES.expired });
/** A refusal inside the second step's transaction: it rolls back (the challenge stays usable), then counts as a wrong code. */
class WrongCode extends Error {}

type Member = NonNullable<Awaited<ReturnType<typeof repository.findUserTwoStep>>>;

/**
 * Two-step sign-in for the firm's staff (issue 39): an authenticator app (TOTP) and ten single-use
 * recovery codes. A right password earns a challenge (a single-use secret stored hashed, ten
 * minutes), never a session, until a right code is given; wrong codes are slowed down per member
 * like wrong passwords, and a code seen once never signs in again.
 */
export function createStaffTwoStep(deps: { database: Database; config: AppConfig; slowDown: SignInSlowDown; outbox: Outbox }) {
  const { database, config, slowDown, outbox } = deps;
  const slowDownKeyOf = (userId: string) => slowDown.keyOf('firm-two-step', userId);
  const recoveryHashOf = (userId: string, code: string) =>
    createHmac('sha256', config.appSecret)
      .update(`recovery-code\n${userId}\n${code.replace('-', '')}`)
      .digest('hex');

  async function issueRecoveryCodes(tx: Tx, member: Pick<Member, 'id' | 'firmId'>): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
      const characters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
      return `${characters.slice(0, 5)}-${characters.slice(5)}`;
    });
    await repository.replaceRecoveryCodes(
      tx,
      member.firmId,
      member.id,
      codes.map((code) => recoveryHashOf(member.id, code)),
    );
    return codes;
  }

  /** The time step of a right app code for the member's secret, or null. */
  async function stepOf(member: Pick<Member, 'totpSecret'>, code: string): Promise<number | null> {
    const secret = member.totpSecret ? decryptSecret(member.totpSecret, config.appSecret, TOTP_SECRET_PURPOSE) : null;
    if (!secret || !/^\d{6}$/.test(code)) return null;
    const result = await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS });
    return result?.valid && 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;
  }

  /** A new secret for a member without a confirmed authenticator, as the app takes it (QR code and text). */
  async function newSecretFor(tx: Tx, member: Pick<Member, 'id' | 'email' | 'firmName'>) {
    const secret = generateSecret();
    if (!(await repository.setUserPendingTotpSecret(tx, member.id, encryptSecret(secret, config.appSecret, TOTP_SECRET_PURPOSE))))
      return null;
    return { secret, otpauthUrl: generateURI({ issuer: `Matterhorn (${member.firmName})`, label: member.email, secret }) };
  }
  const withQrCode = async (setup: { secret: string; otpauthUrl: string }): Promise<TotpSetup> => ({
    ...setup,
    qrCode: await QRCode.toDataURL(setup.otpauthUrl, { margin: 1, width: 200 }),
  });

  /**
   * A code checked for a signed-in member (turning it on or off, new recovery codes), slowed down
   * like the sign-in's: `work` runs in the transaction that takes the code's step. A wrong code
   * writes nothing there (the request's transaction stays usable to count the failure).
   */
  async function withRightCode<T>(principal: FirmPrincipal, code: string, work: (tx: Tx, member: Member) => Promise<T>, address = '') {
    const key = slowDownKeyOf(principal.userId);
    if (await slowDown.isBlocked(key, { address })) throw invalidCode();
    const outcome = await database.withFirm(principal.firmId, async (tx) => {
      const member = await repository.findUserTwoStep(tx, principal.userId);
      if (!member) throw notFound('User');
      const step = await stepOf(member, code);
      if (step === null || !(await repository.acceptUserTotpStep(tx, member.id, step))) return { isRight: false as const };
      return { isRight: true as const, answer: await work(tx, member) };
    });
    if (!outcome.isRight) {
      await slowDown.recordFailure(key, { address });
      throw invalidCode();
    }
    await slowDown.clear(key, { address });
    return outcome.answer;
  }

  /** The member behind a live challenge, if they may still sign in. */
  async function challengedMember(tx: Tx, challenge: string) {
    const token = await repository.findUsableAuthToken(tx, hashLinkSecret(challenge), 'firm_second_factor');
    const member = token?.userId ? await repository.findUserTwoStep(tx, token.userId) : null;
    if (!token || !member?.isActive) return null;
    return { token, member };
  }

  const service = {
    /** The member behind a live second-step challenge (a passkey may answer it instead of a code). */
    challengedMember: (tx: Tx, challenge: string) => challengedMember(tx, challenge),

    /** Whether a right password still needs the second step: the member has an app, or the firm requires one. */
    isNeeded: (member: { totpEnabledAt: Date | null; requireTwoStep: boolean; hasPasskey: boolean }) =>
      member.totpEnabledAt !== null || member.hasPasskey || member.requireTwoStep,

    /** The challenge a right password answers (in the sign-in's identity-lookup transaction). */
    async challenge(
      tx: Tx,
      member: { id: string; firmId: string; email: string; totpEnabledAt: Date | null; hasPasskey: boolean },
    ): Promise<TwoStepChallenge> {
      const { secret, secretHash } = createLinkSecret();
      await repository.insertAuthToken(tx, {
        firmId: member.firmId,
        purpose: 'firm_second_factor',
        tokenHash: secretHash,
        email: member.email,
        userId: member.id,
        lifetimeMinutes: CHALLENGE_MINUTES,
      });
      // A passkey stands for the second step too: a member with only passkeys is asked for one.
      const step = member.totpEnabledAt ? 'verify' : member.hasPasskey ? 'passkey' : 'enrol';
      return { challenge: secret, step, ...(member.hasPasskey ? { hasPasskey: true } : {}) };
    },

    /** At sign-in, when the firm requires it and the member has no app yet: a new secret. */
    async enrol(challenge: string): Promise<TotpSetup> {
      const setup = await database.withIdentityLookup(async (tx) => {
        const found = await challengedMember(tx, challenge);
        if (!found || found.member.totpEnabledAt) return null;
        return newSecretFor(tx, found.member);
      });
      if (!setup) throw expired();
      return withQrCode(setup);
    },

    /**
     * The second step: the app's code (which also confirms an app set up at this sign-in, answering
     * the recovery codes) or an unused recovery code. Opens the session; `remember`: the member and
     * authenticator this browser may now skip the step for.
     */
    async verify(input: {
      challenge: string;
      code: string;
      address: string;
    }): Promise<{ session: TwoStepSession; remember: { id: string; totpEnabledAt: Date } }> {
      const found = await database.withIdentityLookup((tx) => challengedMember(tx, input.challenge));
      if (!found) throw expired();
      const { member, token } = found;
      const key = slowDownKeyOf(member.id);
      if (await slowDown.isBlocked(key, { address: input.address })) throw invalidCode();
      const isRecoveryCode = !/^\d{6}$/.test(input.code);
      const step = isRecoveryCode ? null : await stepOf(member, input.code);
      try {
        const answer = await database.withIdentityLookup(async (tx) => {
          if (!(await repository.consumeAuthToken(tx, token.id))) throw expired();
          await switchToFirm(tx, member.firmId);
          // The moment the member's authenticator was set up: a recovery code needs one already; a first code sets it now.
          const enabledAt = isRecoveryCode
            ? member.totpEnabledAt !== null &&
              (await repository.useRecoveryCode(tx, member.firmId, member.id, recoveryHashOf(member.id, input.code)))
              ? member.totpEnabledAt
              : null
            : step !== null
              ? await repository.acceptUserTotpStep(tx, member.id, step)
              : null;
          if (!enabledAt) throw new WrongCode();
          const isNewApp = member.totpEnabledAt === null;
          const recoveryCodes = isNewApp ? await issueRecoveryCodes(tx, member) : undefined;
          if (isNewApp)
            await recordAuditEvent(tx, { firmId: member.firmId, userId: member.id }, 'teamMember.twoStepTurnedOn', member.id, {
              atSignIn: true,
            });
          const sessionToken = await openSession(tx, config.appSecret, { firmId: member.firmId, kind: 'firm', userId: member.id });
          return {
            session: {
              token: sessionToken,
              isVerified: member.emailVerifiedAt !== null,
              isFirmSetUp: member.firmSetUpAt !== null,
              ...(recoveryCodes ? { recoveryCodes } : {}),
            },
            remember: { id: member.id, totpEnabledAt: enabledAt },
          };
        });
        await slowDown.clear(key, { address: input.address });
        return answer;
      } catch (error) {
        if (!(error instanceof WrongCode)) throw error;
        await slowDown.recordFailure(key, { address: input.address });
        throw invalidCode();
      }
    },

    /**
     * The second step asked again of a signed-in member before a change a stolen session must not
     * make (adding a passkey): nothing when they have no authenticator app; else the app's code or
     * an unused recovery code (spent), slowed down like the sign-in's.
     */
    async assertSecondStep(principal: FirmPrincipal, code: string | undefined, address: string): Promise<void> {
      const member = await database.withFirm(principal.firmId, (tx) => repository.findUserTwoStep(tx, principal.userId));
      if (!member) throw notFound('User');
      if (!member.totpEnabledAt) return;
      if (!code) throw badRequest(PASSKEY_MESSAGES.codeNeeded, { code: PASSKEY_MESSAGES.codeNeeded });
      if (/^\d{6}$/.test(code)) return void (await withRightCode(principal, code, async () => undefined, address));
      const key = slowDownKeyOf(principal.userId);
      if (await slowDown.isBlocked(key, { address })) throw invalidCode();
      const isUsed = await database.withFirm(principal.firmId, (tx) =>
        repository.useRecoveryCode(tx, principal.firmId, principal.userId, recoveryHashOf(principal.userId, code)),
      );
      if (!isUsed) {
        await slowDown.recordFailure(key, { address });
        throw invalidCode();
      }
      await slowDown.clear(key, { address });
    },

    async status(principal: FirmPrincipal): Promise<TwoStepStatus> {
      return database.withFirm(principal.firmId, async (tx) => {
        const member = await repository.findUserTwoStep(tx, principal.userId);
        if (!member) throw notFound('User');
        return {
          isOn: member.totpEnabledAt !== null,
          recoveryCodesLeft: member.totpEnabledAt ? await repository.countRecoveryCodesLeft(tx, member.firmId, member.id) : 0,
          isRequiredByFirm: member.requireTwoStep,
        };
      });
    },

    /** A new secret for the signed-in member; the first right code (confirm) turns two-step on. */
    async setUp(principal: FirmPrincipal): Promise<TotpSetup> {
      const setup = await database.withFirm(principal.firmId, async (tx) => {
        const member = await repository.findUserTwoStep(tx, principal.userId);
        if (!member) throw notFound('User');
        if (member.totpEnabledAt) throw conflict(TWO_STEP_MESSAGES.alreadyOn);
        return newSecretFor(tx, member);
      });
      if (!setup) throw conflict(TWO_STEP_MESSAGES.alreadyOn);
      return withQrCode(setup);
    },

    async confirm(principal: FirmPrincipal, code: string, address: string): Promise<{ recoveryCodes: string[] }> {
      const member = await database.withFirm(principal.firmId, (tx) => repository.findUserTwoStep(tx, principal.userId));
      if (member?.totpEnabledAt) throw conflict(TWO_STEP_MESSAGES.alreadyOn);
      if (!member?.totpSecret) throw new AppError(409, TWO_STEP_MESSAGES.noSetUp);
      return withRightCode(
        principal,
        code,
        async (tx, confirmed) => {
          await recordAuditEvent(tx, principal, 'teamMember.twoStepTurnedOn', confirmed.id);
          return { recoveryCodes: await issueRecoveryCodes(tx, confirmed) };
        },
        address,
      );
    },

    /** New recovery codes in place of the old, for the app's current code. */
    async renewRecoveryCodes(principal: FirmPrincipal, code: string, address: string): Promise<{ recoveryCodes: string[] }> {
      return withRightCode(
        principal,
        code,
        async (tx, member) => {
          if (!member.totpEnabledAt) throw conflict(TWO_STEP_MESSAGES.notOn);
          return { recoveryCodes: await issueRecoveryCodes(tx, member) };
        },
        address,
      );
    },

    async turnOff(principal: FirmPrincipal, code: string, address: string): Promise<TwoStepStatus> {
      const member = await database.withFirm(principal.firmId, (tx) => repository.findUserTwoStep(tx, principal.userId));
      if (!member?.totpEnabledAt) throw conflict(TWO_STEP_MESSAGES.notOn);
      if (member.requireTwoStep) throw conflict(TWO_STEP_MESSAGES.requiredByFirm);
      await withRightCode(
        principal,
        code,
        async (tx, confirmed) => {
          await repository.clearUserTwoStep(tx, confirmed.firmId, confirmed.id);
          await recordAuditEvent(tx, principal, 'teamMember.twoStepTurnedOff', confirmed.id);
        },
        address,
      );
      return service.status(principal);
    },

    /**
     * An administrator's reset of a member's two-step sign-in (a lost phone and codes): the app and
     * the recovery codes are forgotten, every browser remembered asks again, the member is e-mailed,
     * and the trail records who did it. Another firm's member is not found.
     */
    async reset(principal: FirmPrincipal, userId: string, appUrl: string): Promise<void> {
      await database.withFirm(principal.firmId, async (tx) => {
        const member = await repository.findUserTwoStep(tx, userId);
        if (!member || member.firmId !== principal.firmId) throw notFound('User');
        // Its own email says the sign-in was reset; passkeys go with the app and codes (ADR 95).
        const { passkeysRemoved } = await secureAccountAfterRecovery(
          tx,
          outbox,
          { firmId: principal.firmId, userId },
          { reason: 'your two-step sign-in was reset', appUrl, isPasskeyNoticeSent: true },
        );
        if (!(await repository.clearUserTwoStep(tx, principal.firmId, userId)) && passkeysRemoved === 0)
          throw conflict(TWO_STEP_MESSAGES.notOn);
        await recordAuditEvent(tx, principal, 'teamMember.twoStepReset', userId, { name: member.name });
        await outbox.queue(tx, principal.firmId, {
          to: member.email,
          sender: 'firm',
          sentByUserId: principal.userId,
          greeting: `Dear ${member.name},`,
          subject: 'Your two-step sign-in was reset',
          paragraphs: [
            'An administrator of your firm has reset your two-step sign-in: your authenticator app and your recovery codes no longer work for Matterhorn.',
            member.requireTwoStep
              ? 'At your next sign-in you will set up your authenticator app again.'
              : 'You can set it up again under My account.',
            'If you did not ask for this, tell your firm’s administrator at once.',
          ],
          action: { label: 'Sign in', url: `${appUrl}/login` },
          why: 'your firm’s administrator reset your sign-in',
        });
      });
    },
  };
  return service;
}
export type StaffTwoStep = ReturnType<typeof createStaffTwoStep>;
