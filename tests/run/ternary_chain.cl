// RUN: --kernel ternary_chain --global 256 --local 32 --arg u32[256]=rand:1907 --arg u32[256]=zeros --arg u32[256]=zeros --arg u32[256]=zeros --arg u32[256]=zeros
// A right-nested chain of conditional expressions, as generated lookup tables are written
// (`c0 ? v0 : c1 ? v1 : ... : vN`, 64 levels): lowered as one if/else-if nest storing to one
// temporary. Work-items take different branches (varying conditions); the operands
// are not simple, so every level is an `if`; the second chain changes type midway (an
// inner `short` chain converted to `uint`), which ends the outer chain. The third chain's
// conditions and values are simple: it becomes a chain of selects, no control flow; in
// the fourth the outermost condition assigns a variable the inner ones read.
kernel void ternary_chain(global const uint *in, global uint *out, global uint *out2,
    global uint *out3, global uint *out4) {
    size_t i = get_global_id(0);
    uint x = in[i] % 128u;
    uint y = in[i] >> 7;
    out[i] =
        x == 0u ? y / 1u + 0u :
        x == 1u ? y / 2u + 13u :
        x == 2u ? y / 3u + 26u :
        x == 3u ? y / 4u + 39u :
        x == 4u ? y / 5u + 52u :
        x == 5u ? y / 6u + 65u :
        x == 6u ? y / 7u + 78u :
        x == 7u ? y / 8u + 91u :
        x == 8u ? y / 9u + 104u :
        x == 9u ? y / 10u + 117u :
        x == 10u ? y / 11u + 130u :
        x == 11u ? y / 12u + 143u :
        x == 12u ? y / 13u + 156u :
        x == 13u ? y / 14u + 169u :
        x == 14u ? y / 15u + 182u :
        x == 15u ? y / 16u + 195u :
        x == 16u ? y / 17u + 208u :
        x == 17u ? y / 18u + 221u :
        x == 18u ? y / 19u + 234u :
        x == 19u ? y / 20u + 247u :
        x == 20u ? y / 21u + 260u :
        x == 21u ? y / 22u + 273u :
        x == 22u ? y / 23u + 286u :
        x == 23u ? y / 24u + 299u :
        x == 24u ? y / 25u + 312u :
        x == 25u ? y / 26u + 325u :
        x == 26u ? y / 27u + 338u :
        x == 27u ? y / 28u + 351u :
        x == 28u ? y / 29u + 364u :
        x == 29u ? y / 30u + 377u :
        x == 30u ? y / 31u + 390u :
        x == 31u ? y / 32u + 403u :
        x == 32u ? y / 33u + 416u :
        x == 33u ? y / 34u + 429u :
        x == 34u ? y / 35u + 442u :
        x == 35u ? y / 36u + 455u :
        x == 36u ? y / 37u + 468u :
        x == 37u ? y / 38u + 481u :
        x == 38u ? y / 39u + 494u :
        x == 39u ? y / 40u + 507u :
        x == 40u ? y / 41u + 520u :
        x == 41u ? y / 42u + 533u :
        x == 42u ? y / 43u + 546u :
        x == 43u ? y / 44u + 559u :
        x == 44u ? y / 45u + 572u :
        x == 45u ? y / 46u + 585u :
        x == 46u ? y / 47u + 598u :
        x == 47u ? y / 48u + 611u :
        x == 48u ? y / 49u + 624u :
        x == 49u ? y / 50u + 637u :
        x == 50u ? y / 51u + 650u :
        x == 51u ? y / 52u + 663u :
        x == 52u ? y / 53u + 676u :
        x == 53u ? y / 54u + 689u :
        x == 54u ? y / 55u + 702u :
        x == 55u ? y / 56u + 715u :
        x == 56u ? y / 57u + 728u :
        x == 57u ? y / 58u + 741u :
        x == 58u ? y / 59u + 754u :
        x == 59u ? y / 60u + 767u :
        x == 60u ? y / 61u + 780u :
        x == 61u ? y / 62u + 793u :
        x == 62u ? y / 63u + 806u :
        x == 63u ? y / 64u + 819u :
        y % 7u;
    short s = (short)(y & 3u);
    out2[i] =
        x == 0u ? y / 2u :
        x == 1u ? y / 3u :
        x == 2u ? y / 4u :
        x == 3u ? y / 5u :
        x == 4u ? y / 6u :
        x == 5u ? y / 7u :
        x == 6u ? y / 8u :
        x == 7u ? y / 9u :
        x == 8u ? y / 10u :
        x == 9u ? y / 11u :
        x == 10u ? y / 12u :
        x == 11u ? y / 13u :
        x == 12u ? y / 14u :
        x == 13u ? y / 15u :
        x == 14u ? y / 16u :
        x == 15u ? y / 17u :
        x == 16u ? y / 18u :
        x == 17u ? y / 19u :
        x == 18u ? y / 20u :
        x == 19u ? y / 21u :
        x == 20u ? y / 22u :
        x == 21u ? y / 23u :
        x == 22u ? y / 24u :
        x == 23u ? y / 25u :
        x == 24u ? y / 26u :
        x == 25u ? y / 27u :
        x == 26u ? y / 28u :
        x == 27u ? y / 29u :
        x == 28u ? y / 30u :
        x == 29u ? y / 31u :
        x == 30u ? y / 32u :
        x == 31u ? y / 33u :
        x == 32u ? y / 34u :
        x == 33u ? y / 35u :
        x == 34u ? y / 36u :
        x == 35u ? y / 37u :
        x == 36u ? y / 38u :
        x == 37u ? y / 39u :
        x == 38u ? y / 40u :
        x == 39u ? y / 41u :
        (uint)(
        x == 40u ? (short)(y % 43u) - (short)40 :
        x == 41u ? (short)(y % 44u) - (short)41 :
        x == 42u ? (short)(y % 45u) - (short)42 :
        x == 43u ? (short)(y % 46u) - (short)43 :
        x == 44u ? (short)(y % 47u) - (short)44 :
        x == 45u ? (short)(y % 48u) - (short)45 :
        x == 46u ? (short)(y % 49u) - (short)46 :
        x == 47u ? (short)(y % 50u) - (short)47 :
        x == 48u ? (short)(y % 51u) - (short)48 :
        x == 49u ? (short)(y % 52u) - (short)49 :
        x == 50u ? (short)(y % 53u) - (short)50 :
        x == 51u ? (short)(y % 54u) - (short)51 :
        x == 52u ? (short)(y % 55u) - (short)52 :
        x == 53u ? (short)(y % 56u) - (short)53 :
        x == 54u ? (short)(y % 57u) - (short)54 :
        x == 55u ? (short)(y % 58u) - (short)55 :
        x == 56u ? (short)(y % 59u) - (short)56 :
        x == 57u ? (short)(y % 60u) - (short)57 :
        x == 58u ? (short)(y % 61u) - (short)58 :
        x == 59u ? (short)(y % 62u) - (short)59 :
        s);
    out3[i] =
        x == 0u ? 1u + y :
        x == 2u ? 11u + y :
        x == 4u ? 21u + y :
        x == 6u ? 31u + y :
        x == 8u ? 41u + y :
        x == 10u ? 51u + y :
        x == 12u ? 61u + y :
        x == 14u ? 71u + y :
        x == 16u ? 81u + y :
        x == 18u ? 91u + y :
        x == 20u ? 101u + y :
        x == 22u ? 111u + y :
        x == 24u ? 121u + y :
        x == 26u ? 131u + y :
        x == 28u ? 141u + y :
        x == 30u ? 151u + y :
        x == 32u ? 161u + y :
        x == 34u ? 171u + y :
        x == 36u ? 181u + y :
        x == 38u ? 191u + y :
        x == 40u ? 201u + y :
        x == 42u ? 211u + y :
        x == 44u ? 221u + y :
        x == 46u ? 231u + y :
        x == 48u ? 241u + y :
        x == 50u ? 251u + y :
        x == 52u ? 261u + y :
        x == 54u ? 271u + y :
        x == 56u ? 281u + y :
        x == 58u ? 291u + y :
        x == 60u ? 301u + y :
        x == 62u ? 311u + y :
        x == 64u ? 321u + y :
        x == 66u ? 331u + y :
        x == 68u ? 341u + y :
        x == 70u ? 351u + y :
        x == 72u ? 361u + y :
        x == 74u ? 371u + y :
        x == 76u ? 381u + y :
        x == 78u ? 391u + y :
        x == 80u ? 401u + y :
        x == 82u ? 411u + y :
        x == 84u ? 421u + y :
        x == 86u ? 431u + y :
        x == 88u ? 441u + y :
        x == 90u ? 451u + y :
        x == 92u ? 461u + y :
        x == 94u ? 471u + y :
        x == 96u ? 481u + y :
        x == 98u ? 491u + y :
        x == 100u ? 501u + y :
        x == 102u ? 511u + y :
        x == 104u ? 521u + y :
        x == 106u ? 531u + y :
        x == 108u ? 541u + y :
        x == 110u ? 551u + y :
        x == 112u ? 561u + y :
        x == 114u ? 571u + y :
        x == 116u ? 581u + y :
        x == 118u ? 591u + y :
        x == 120u ? 601u + y :
        x == 122u ? 611u + y :
        x == 124u ? 621u + y :
        x == 126u ? 631u + y :
        x;
    uint j = x;
    out4[i] = (j = y & 3u) ? 100u + j : j == 0u ? 7u : j == 1u ? 8u : 9u;
}
