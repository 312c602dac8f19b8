import sharp from 'sharp';

/** A JPEG photo drawn here, carrying camera and GPS EXIF like a phone picture. */
export function jpegWithGps(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 120 } } })
    .withExif({
      IFD0: { Make: 'CanaryPhone', Model: 'Canary 1', Copyright: 'canary-exif-owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 300/100' },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export function pngImage(width = 400, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 30, g: 120, b: 200, alpha: 1 } } }).png().toBuffer();
}
