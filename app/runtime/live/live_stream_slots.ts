import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import redis from '@adonisjs/redis/services/main'
import env from '#start/env'
import { affectedRows, rowsOf } from '#support/database_errors'

/** A slot an open stream holds: its address's, with the token that makes it that stream's. */
export type Slot = { address: string; slot: number; token: string }

/**
 * Where the slots live. Every worker must see the same ones (the cap counts
 * an address's streams across all of them), so never in memory.
 * Times are milliseconds since 1970.
 */
export interface SlotStore {
  /** One of `cap` slots of `address` for `holder` until `expiresAt`, or null when all are held. */
  take(
    address: string,
    holder: string,
    cap: number,
    now: number,
    expiresAt: number
  ): Promise<Slot | null>
  /** Gives a slot back; one that expired and went to another stream stays with it. */
  give(slot: Slot): Promise<void>
  /** Keeps the slots `holder` still holds until `expiresAt`. */
  renew(holder: string, slots: Slot[], now: number, expiresAt: number): Promise<void>
  /** Gives back every slot of `holder`. */
  giveAll(holder: string, slots: Slot[]): Promise<void>
  /** Forgets the slots expired at `now`: those of workers that died. */
  prune(now: number): Promise<void>
  /** How many slots of `address` are held at `now`. */
  held(address: string, now: number): Promise<number>
}

const TABLE = 'live_stream_slots'

/**
 * Without Redis: rows of `live_stream_slots`, numbered from 0 below the cap.
 * A stream takes the first free number (or one whose lease ran out) with an
 * INSERT that does nothing on a taken number, or an UPDATE that requires the
 * old lease to have run out: two workers racing for the last slot cannot
 * both get it, on SQLite or PostgreSQL, and nothing fails.
 */
export const databaseSlots: SlotStore = {
  async take(address, holder, cap, now, expiresAt) {
    const rows: Array<{ slot: number | string; expires_at: number | string }> = await db
      .from(TABLE)
      .where('address', address)
      .select('slot', 'expires_at')
    const leases = new Map(rows.map((row) => [Number(row.slot), Number(row.expires_at)]))
    for (let slot = 0; slot < cap; slot++) {
      const lease = leases.get(slot)
      if (lease !== undefined && lease > now) continue
      const token = randomUUID()
      const taken =
        lease === undefined
          ? rowsOf(
              await db.rawQuery(
                `INSERT INTO ${TABLE} (address, slot, token, holder, expires_at)
                 VALUES (?, ?, ?, ?, ?)
                 ON CONFLICT (address, slot) DO NOTHING
                 RETURNING slot`,
                [address, slot, token, holder, expiresAt]
              )
            ).length > 0
          : affectedRows(
              await db
                .from(TABLE)
                .where('address', address)
                .where('slot', slot)
                .where('expires_at', '<=', now)
                .update({ token, holder, expires_at: expiresAt })
            ) > 0
      if (taken) return { address, slot, token }
    }
    return null
  },

  async give({ address, slot, token }) {
    await db
      .from(TABLE)
      .where('address', address)
      .where('slot', slot)
      .where('token', token)
      .delete()
  },

  // By token: a row whose stream is gone (its DELETE failed) is left to expire.
  async renew(holder, slots, _now, expiresAt) {
    for (let start = 0; start < slots.length; start += 500) {
      const tokens = slots.slice(start, start + 500).map((slot) => slot.token)
      await db
        .from(TABLE)
        .where('holder', holder)
        .whereIn('token', tokens)
        .update({ expires_at: expiresAt })
    }
  },

  async giveAll(holder) {
    await db.from(TABLE).where('holder', holder).delete()
  },

  async prune(now) {
    await db.from(TABLE).where('expires_at', '<=', now).delete()
  },

  async held(address, now) {
    const [row] = await db
      .from(TABLE)
      .where('address', address)
      .where('expires_at', '>', now)
      .count('* as total')
    return Number(row.total)
  },
}

const redisKey = (address: string) => `live-streams:${address}`

/** Keeps the key at least until the longest lease it holds: a dead worker's keys go by themselves. */
const EXTEND_KEY = `
  local ttl = tonumber(ARGV[2]) - tonumber(ARGV[1])
  if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end`

/** ARGV: now, expiresAt, cap, member. Drops the expired leases, then takes one if fewer than cap are held. */
const TAKE = `
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
  if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
  ${EXTEND_KEY}
  return 1`

/** ARGV: now, expiresAt, member. Extends a lease still held (never brings back one that went). */
const RENEW = `
  if redis.call('ZADD', KEYS[1], 'XX', 'CH', ARGV[2], ARGV[3]) == 1 then
    ${EXTEND_KEY}
  end
  return 1`

/**
 * With Redis: a sorted set per address, its members the streams (holder and
 * token) scored by when their lease ends; a script takes a slot in one step,
 * so two workers cannot both take the last one.
 */
export const redisSlots: SlotStore = {
  async take(address, holder, cap, now, expiresAt) {
    const token = randomUUID()
    const taken = await redis.eval(
      TAKE,
      1,
      redisKey(address),
      now,
      expiresAt,
      cap,
      `${holder}/${token}`
    )
    return Number(taken) === 1 ? { address, slot: -1, token: `${holder}/${token}` } : null
  },

  async give({ address, token }) {
    await redis.zrem(redisKey(address), token)
  },

  async renew(_holder, slots, now, expiresAt) {
    if (slots.length === 0) return
    const pipeline = redis.pipeline()
    for (const { address, token } of slots) {
      pipeline.eval(RENEW, 1, redisKey(address), now, expiresAt, token)
    }
    await pipeline.exec()
  },

  async giveAll(_holder, slots) {
    if (slots.length === 0) return
    const pipeline = redis.pipeline()
    for (const { address, token } of slots) pipeline.zrem(redisKey(address), token)
    await pipeline.exec()
  },

  // Each take drops its address's expired leases, and keys expire with their last lease.
  async prune() {},

  async held(address, now) {
    return redis.zcount(redisKey(address), `(${now}`, '+inf')
  },
}

/** With Redis, where every worker already meets; else the database they share. */
export const liveStreamSlots: SlotStore = env.get('REDIS_HOST') ? redisSlots : databaseSlots
