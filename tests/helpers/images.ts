import sharp from 'sharp'
import { mkdir, writeFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'

/** Writes a file for an upload test and returns its path. */
export async function fixture(name: string, content: Buffer | string) {
  const folder = app.tmpPath('fixtures')
  await mkdir(folder, { recursive: true })
  const path = `${folder}/${name}`
  await writeFile(path, content)
  return path
}

/** A real PNG carrying EXIF with a camera owner and GPS position. */
export function pngWithExif(width = 900, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: '#2f6fdb' } })
    .withExif({
      IFD0: { Copyright: 'Secret Owner', ImageDescription: 'home address' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4000/100',
      },
    })
    .png()
    .toBuffer()
}

/** Random bytes behind a valid JPEG header: about `megabytes` MB. */
export async function largeJpeg(megabytes: number) {
  const side = 4000
  const noise = Buffer.alloc(side * side * 3)
  for (let index = 0; index < noise.length; index++) noise[index] = (index * 2654435761) >>> 24
  const jpeg = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer()
  return jpeg.length >= megabytes * 1024 * 1024
    ? jpeg
    : Buffer.concat([jpeg, Buffer.alloc(megabytes * 1024 * 1024 - jpeg.length)])
}

/** A real JPEG carrying a GPS position in its EXIF. */
export function jpegWithGps(width = 1200, height = 800) {
  return sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 3000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '50/1 27/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '30/1 31/1 0/1',
      },
    })
    .jpeg()
    .toBuffer()
}
