/* giffast.gif_opens in C for _pngscan.c, step by step (change both together): does Pillow's
   GifImagePlugin read the screen header and walk the blocks to a frame that surely opens?
   All but its last step, `_opened_by_gif_plugin` (which format Pillow's registry hands the
   file to), which stays in Python: pngscan.py asks it for each GIF this walk lets through.
   `data` is the file's first `len` bytes, at most giffast.PREFIX_BYTES, as gif_opens reads. */
#ifndef DDAY2_GIFWALK_H
#define DDAY2_GIFWALK_H

#include <stdint.h>
#include <string.h>

/* GifImageFile.data() at `*at`: the block's length and start; 0 when a read falls short */
static int gif_block(const uint8_t *data, uint64_t len, uint64_t *at, uint64_t *length, uint64_t *start)
{
    if (*at >= len)
        return 0;
    *length = data[*at];
    if (*at + 1 + *length > len)
        return 0;
    *start = *at + 1;
    *at = *at + 1 + *length;
    return 1;
}

static int gif_frame_fits(const uint8_t *data, uint64_t len, uint64_t at, uint32_t width, uint32_t height)
{
    if (at + 9 > len)
        return 0;
    uint32_t left = data[at] | (uint32_t)data[at + 1] << 8, top = data[at + 2] | (uint32_t)data[at + 3] << 8;
    uint32_t right = left + (data[at + 4] | (uint32_t)data[at + 5] << 8);
    uint32_t bottom = top + (data[at + 6] | (uint32_t)data[at + 7] << 8);
    if (right > width || bottom > height)
        return 0; /* Pillow would grow the image */
    uint8_t flags = data[at + 8];
    at += 9;
    if (flags & 128)
        at += (uint64_t)3 << ((flags & 7) + 1);
    return at < len; /* the code size byte is there */
}

/* pixel_limited / pixel_limit: Image.MAX_IMAGE_PIXELS (as _pngscan's Rules hold it) */
static int gif_walk(const uint8_t *data, uint64_t len, int pixel_limited, uint64_t pixel_limit)
{
    if (len < 13 || (memcmp(data, "GIF87a", 6) != 0 && memcmp(data, "GIF89a", 6) != 0))
        return 0;
    uint32_t width = data[6] | (uint32_t)data[7] << 8, height = data[8] | (uint32_t)data[9] << 8;
    uint8_t flags = data[10];
    if (width == 0 || height == 0)
        return 0;
    if (pixel_limited && (uint64_t)width * height > pixel_limit)
        return 0;
    uint64_t at = 13, length = 0, start = 0;
    if (flags & 128)
        at += (uint64_t)3 << ((flags & 7) + 1); /* the global palette */
    if (at >= len || data[at] == 0x3B)
        return 0;
    while (at < len) { /* _seek(0)'s block loop */
        uint8_t introducer = data[at++];
        if (introducer == 0x2C)
            return gif_frame_fits(data, len, at, width, height);
        if (introducer == 0x3B)
            return 0;
        if (introducer != 0x21)
            continue; /* Pillow skips any other byte */
        if (at >= len)
            return 0;
        uint8_t label = data[at];
        at += 1;
        if (!gif_block(data, len, &at, &length, &start))
            return 0;
        if (label == 0xF9 && length) { /* graphic control */
            if (length < 4 || ((data[start] >> 2) & 7) >= 2)
                return 0;
        } else if (label == 0xFE) { /* comment: blocks while not empty, then go on */
            while (length)
                if (!gif_block(data, len, &at, &length, &start))
                    return 0;
            continue;
        } else if (label == 0xFF && length >= 11 && memcmp(data + start, "NETSCAPE2.0", 11) == 0) {
            if (!gif_block(data, len, &at, &length, &start)) /* the loop count block */
                return 0;
        }
        do { /* `while self.data(): pass` */
            if (!gif_block(data, len, &at, &length, &start))
                return 0;
        } while (length);
    }
    return 0;
}

#endif
