import type { Limits } from '../../src/server/config.ts';

/** The configuration's default limits, for a limiter a test builds itself. */
export const defaultLimits: Limits = {
  loginFailuresPerIp: 50,
  registrationsPerIp: 20,
  resetMailsPerIp: 10,
  smsPerIp: 10,
  chatMessagesPerUser: 30,
  discussionsPerUser: 30,
  reportsPerUser: 20,
  followsPerUser: 60,
  unpaidOrdersPerUser: 3,
};
