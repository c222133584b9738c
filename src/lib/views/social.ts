import type { PublicUser } from './catalogue.ts';

/** A user's public page (GET /v1/users/{id}/profile without `is_following`): no e-mail, no phone. */
export interface PublicProfile extends PublicUser {
  phone_verified: boolean;
  created_at: string;
  /** The user's country, named in the page language. */
  country: string | null;
  followers: number;
  following: number;
}

/** A row of GET /v1/users/{id}/followers and /following. */
export type FollowEntry = PublicUser;
