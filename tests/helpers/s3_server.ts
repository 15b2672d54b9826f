import { spawn, type ChildProcess } from 'node:child_process'
import { freePort } from '#tests/helpers/ports'
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3'
import { Disk } from '@adonisjs/drive'
import { S3Driver } from 'flydrive/drivers/s3'
import { s3DriverOptions, type S3Settings } from '#support/uploads'

/**
 * A real S3-compatible server for the tests: moto's server mode
 * (`moto_server`, from the machine's Python), which checks ACLs as S3 does.
 * No mocked client: the app's own driver talks HTTP to it.
 */
export type S3Server = {
  endpoint: string
  /** A bucket of this server (created empty), with test keys. */
  settings(bucket: string): S3Settings
  /** The S3_* variables of `settings(bucket)`, for an app's environment. */
  variables(bucket: string): Record<string, string>
  /** Creates the bucket, or empties it when it exists. */
  freshBucket(bucket: string): Promise<void>
  /** A disk of the app's S3 driver on that bucket. */
  disk(bucket: string): Disk
  stop(): Promise<void>
}

const ACCESS_KEY_ID = 'test-access-key'
const SECRET_ACCESS_KEY = 'test-secret-key'
const REGION = 'us-east-1'

async function answering(endpoint: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`moto_server exited:\n${output()}`)
    try {
      await fetch(`${endpoint}/`)
      return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`moto_server did not answer at ${endpoint}:\n${output()}`)
}

/** The settings of a bucket on an S3 server at `endpoint` (moto's, or one the suite was given). */
export function bucketSettings(endpoint: string, bucket: string): S3Settings {
  return {
    bucket,
    region: process.env.S3_REGION || REGION,
    endpoint,
    accessKeyId: process.env.S3_ACCESS_KEY_ID || ACCESS_KEY_ID,
    secretAccessKey: process.env.S3_SECRET_ACCESS_KEY || SECRET_ACCESS_KEY,
    forcePathStyle: true,
  }
}

function serverAt(endpoint: string, stop: () => Promise<void>): S3Server {
  const settings = (bucket: string) => bucketSettings(endpoint, bucket)
  return {
    endpoint,
    settings,
    variables(bucket) {
      const { region, accessKeyId, secretAccessKey } = settings(bucket)
      return {
        S3_BUCKET: bucket,
        S3_REGION: region,
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: accessKeyId!,
        S3_SECRET_ACCESS_KEY: secretAccessKey!,
        S3_FORCE_PATH_STYLE: 'true',
      }
    },
    async freshBucket(bucket) {
      const client = new S3Client(s3DriverOptions(settings(bucket)))
      try {
        await client.send(new CreateBucketCommand({ Bucket: bucket })).catch((error) => {
          if (!['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes(error.name)) throw error
        })
        let token: string | undefined
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token })
          )
          const keys = (page.Contents ?? []).map((object) => ({ Key: object.Key! }))
          if (keys.length) {
            await client.send(
              new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } })
            )
          }
          token = page.NextContinuationToken
        } while (token)
      } finally {
        client.destroy()
      }
    },
    disk(bucket) {
      return new Disk(new S3Driver(s3DriverOptions(settings(bucket))))
    },
    stop,
  }
}

/** Starts `moto_server` on `port` of 127.0.0.1 (a free one by default), until `stop()`. */
export async function startS3Server(port?: number): Promise<S3Server> {
  port ??= await freePort()
  const endpoint = `http://127.0.0.1:${port}`
  let output = ''
  const child = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.on('error', (error) => (output += `${error.message}\n`))
  child.stdout!.on('data', (chunk) => (output = (output + chunk).slice(-4000)))
  child.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-4000)))
  const kill = () => child.exitCode === null && child.signalCode === null && child.kill('SIGTERM')
  process.once('exit', kill)
  await answering(endpoint, child, () => output)
  return serverAt(endpoint, async () => {
    process.removeListener('exit', kill)
    if (child.exitCode !== null || child.signalCode !== null) return
    await new Promise((resolve) => {
      child.once('exit', resolve)
      child.kill('SIGTERM')
    })
  })
}

/** The S3 server the suite runs on: S3_ENDPOINT when given, else none. */
export function givenS3Server(): S3Server | null {
  const endpoint = process.env.S3_ENDPOINT
  return endpoint ? serverAt(endpoint, async () => {}) : null
}

/** The bucket the app under test (this process) stores uploads in, with DRIVE_DISK=s3. */
export const SUITE_BUCKET = 'undersign-test'

/**
 * Before the app of the test process boots (bin/test.ts): with DRIVE_DISK=s3
 * and no S3_ENDPOINT, a moto server of this run, its bucket, and the S3_*
 * variables the app reads; with S3_ENDPOINT, only the bucket. Stopped when
 * the process exits.
 */
export async function prepareSuiteS3() {
  if (process.env.DRIVE_DISK !== 's3') return
  const server = givenS3Server() ?? (await startS3Server())
  const bucket = process.env.S3_BUCKET || SUITE_BUCKET
  await server.freshBucket(bucket)
  for (const [name, value] of Object.entries(server.variables(bucket))) {
    process.env[name] = value
  }
}
