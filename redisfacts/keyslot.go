package redisfacts

// SlotCount is the number of cluster hash slots.
const SlotCount = 16384

// CRC16 returns the CRC-16/XMODEM checksum of s, the one Redis Cluster
// uses (src/crc16.c); CRC16("123456789") = 0x31C3.
func CRC16(s string) uint16 {
	// Bitwise rather than table-driven: keys are short, and a table would
	// cost work at program start.
	var crc uint16
	for i := range len(s) {
		crc ^= uint16(s[i]) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}

// HashTag returns the hash tag of key: the bytes between the first '{' and
// the first '}' after it, when that is non-empty. ok is false when the key
// has no such tag and the whole key is hashed.
func HashTag(key string) (tag string, ok bool) {
	for i := range len(key) {
		if key[i] != '{' {
			continue
		}
		for j := i + 1; j < len(key); j++ {
			if key[j] == '}' {
				if j == i+1 {
					return "", false
				}
				return key[i+1 : j], true
			}
		}
		return "", false
	}
	return "", false
}

// KeySlot returns the cluster hash slot of key (CLUSTER KEYSLOT): CRC16 of
// its hash tag, or of the whole key without one, modulo 16384.
func KeySlot(key string) int {
	if tag, ok := HashTag(key); ok {
		key = tag
	}
	return int(CRC16(key) & (SlotCount - 1))
}
