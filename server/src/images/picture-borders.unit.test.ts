import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { portraitImage, screenshotCopy } from '../../test/images';
import { contentBox } from './picture-borders';

/** The box contentBox finds in a picture, at the size the print works at. */
async function boxOf(image: Buffer) {
  const { data, info } = await sharp(image)
    .resize(256, 256, { fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { box: contentBox(data, info.width, info.height), width: info.width, height: info.height };
}

describe('the picture inside bars and frames', () => {
  it("finds a portrait inside a frame and inside a phone screenshot's bars, to a line or two", async () => {
    const portrait = await portraitImage(5);
    const framed = await sharp(portrait)
      .extend({ top: 90, bottom: 90, left: 90, right: 90, background: '#f4efe6' })
      .png()
      .toBuffer();
    // 600×800 in a 780×980 frame: at 204×256 the picture starts at 23.5.
    const frame = await boxOf(framed);
    expect(frame.box.left).toBeGreaterThanOrEqual(22);
    expect(frame.box.left).toBeLessThanOrEqual(25);
    expect(frame.box.width / frame.width).toBeCloseTo(600 / 780, 1);

    const screenshot = await boxOf(await screenshotCopy(portrait));
    // The picture, 960 of the screen's 1,560 lines, centred.
    expect(screenshot.box.height / screenshot.height).toBeCloseTo(960 / 1560, 1);
    expect(screenshot.box.width).toBe(screenshot.width);
  });

  it('leaves a picture whole where it is flat up to one edge, or fades into it', async () => {
    const portrait = await portraitImage(5);
    // A flat band added on one side only is not a border: bars and frames come in pairs.
    const oneSided = await sharp(portrait).extend({ top: 160, background: '#202020' }).png().toBuffer();
    const band = await boxOf(oneSided);
    expect(band.box).toEqual({ left: 0, top: 0, width: band.width, height: band.height });
    // A gradient from edge to edge has no step anywhere.
    const gradient = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e0f0ff"/><stop offset="1" stop-color="#304060"/></linearGradient></defs><rect width="300" height="400" fill="url(#g)"/><circle cx="150" cy="200" r="60" fill="#aa5533"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
    const faded = await boxOf(gradient);
    expect(faded.box).toEqual({ left: 0, top: 0, width: faded.width, height: faded.height });
  });
});
