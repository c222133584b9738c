import type { Limits } from '../../config.ts';

export interface LimitRule {
  /** Attempts allowed per window; the next one is refused until the window ends. */
  limit: number;
  windowSeconds: number;
  /** The 429 message (i18n key, may use {{seconds}}). */
  message?: string;
}

/**
 * Every attempt limit, in one table. Per-account limits stop guessing at one account; per-IP
 * limits stop one machine spreading its guesses (or its SMS and mail costs) over many accounts.
 * Indonesian mobile carriers put many subscribers behind one address (carrier-grade NAT), so
 * per-IP numbers leave room for a busy shared address and are set by configuration.
 */
export function limitRules(ip: Limits) {
  return {
    /** Wrong passwords for one account (also the current-password checks of the settings). */
    loginPerAccount: { limit: 10, windowSeconds: 15 * 60 },
    /**
     * Wrong passwords from one IP, over all accounts (password spraying). 50 in 15 minutes is
     * far above what the people behind one shared address mistype, far below a spraying run.
     */
    loginPerIp: { limit: ip.loginFailuresPerIp, windowSeconds: 15 * 60 },
    /**
     * Registration attempts from one IP per hour: registration tells whether an e-mail is taken,
     * so it is an enumeration oracle; 20 an hour still lets a school or an office sign up together.
     */
    registrationsPerIp: { limit: ip.registrationsPerIp, windowSeconds: 60 * 60 },
    /** Reset e-mails to one address (mail bombing of one person). */
    resetMailsPerAddress: { limit: 3, windowSeconds: 15 * 60 },
    /** Reset e-mails asked for from one IP per hour, over all addresses. */
    resetMailsPerIp: { limit: ip.resetMailsPerIp, windowSeconds: 60 * 60 },
    /** Verification SMS per account: one a minute, the resend countdown of the popup. */
    smsPerAccount: { limit: 1, windowSeconds: 60, message: 'account:phone.wait' },
    /** Verification SMS from one IP per hour: each SMS costs money (SMS pumping). */
    smsPerIp: { limit: ip.smsPerIp, windowSeconds: 60 * 60 },
    /**
     * Per account, what lands with other people: chat messages a minute (30 is a fast typist's
     * burst), questions on posts an hour, reports a day, follows and unfollows an hour. Each is
     * far above what a person does and stops a script from flooding someone's bell or inbox.
     */
    chatMessagesPerUser: { limit: ip.chatMessagesPerUser, windowSeconds: 60, message: 'errors:rate.chat' },
    discussionsPerUser: { limit: ip.discussionsPerUser, windowSeconds: 60 * 60, message: 'errors:rate.discussions' },
    reportsPerUser: { limit: ip.reportsPerUser, windowSeconds: 24 * 60 * 60, message: 'errors:rate.reports' },
    followsPerUser: { limit: ip.followsPerUser, windowSeconds: 60 * 60, message: 'errors:rate.follows' },
  } satisfies Record<string, LimitRule>;
}

export type LimitRules = ReturnType<typeof limitRules>;
export type LimitName = keyof LimitRules;
