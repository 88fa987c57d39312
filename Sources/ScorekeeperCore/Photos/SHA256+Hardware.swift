#if arch(x86_64)
  import _Builtin_intrinsics.intel
  import _Builtin_intrinsics.intel.cpuid

  // The SHA extensions (SHA-NI: Intel since Ice Lake and Goldmont, AMD
  // since Zen) run two rounds per instruction: 5 MiB hash in about 2.5 ms
  // instead of 15. Swift reaches them through Clang's intrinsics, which
  // compile only with the feature on (`-Xcc -msha` in Package.swift, for
  // x86-64 builds); nothing else in the module uses these instructions, and
  // they run only where CPUID says the processor has them.
  //
  // The algorithm is Intel's ("New Instructions Supporting the Secure Hash
  // Algorithm on Intel Architecture Processors", 2013): the state lives in
  // two vectors, ABEF and CDGH, and the schedule in four of four words.
  extension SHA256 {
    private typealias Vector = SIMD4<UInt32>

    /// CPUID leaf 7, subleaf 0: EBX bit 29 is SHA.
    static let hardwareRoundsAvailable: Bool = {
      var (eax, ebx, ecx, edx): (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
      guard __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) != 0 else { return false }
      return ebx & (1 << 29) != 0
    }()

    /// The rounds in hardware, over whole 64-byte blocks.
    static func hardwareCompress(_ state: inout State, _ blocks: UnsafeRawBufferPointer) {
      guard let base = blocks.baseAddress else { return }
      var abef = Vector(state.5, state.4, state.1, state.0)
      var cdgh = Vector(state.7, state.6, state.3, state.2)
      roundConstants.withUnsafeBytes { constants in
        for offset in stride(from: 0, to: blocks.count, by: 64) {
          let (abefBefore, cdghBefore) = (abef, cdgh)
          // Four rounds' words each: this group's, the previous and the
          // next two (rotated along after every group).
          var (current, previous, next, afterNext) = (Vector.zero, Vector.zero, Vector.zero, Vector.zero)
          for group in 0..<16 {
            if group < 4 {
              let words = base.loadUnaligned(fromByteOffset: offset + group * 16, as: Vector.self)
              current = Vector(
                words[0].bigEndian, words[1].bigEndian, words[2].bigEndian, words[3].bigEndian)
            }
            let input = current &+ constants.loadUnaligned(fromByteOffset: group * 16, as: Vector.self)
            cdgh = vector(_mm_sha256rnds2_epu32(m128(cdgh), m128(abef), m128(input)))
            abef = vector(
              _mm_sha256rnds2_epu32(m128(abef), m128(cdgh), m128(Vector(input[2], input[3], 0, 0))))
            if (3...14).contains(group) {
              let carried = Vector(previous[1], previous[2], previous[3], current[0])
              next = vector(_mm_sha256msg2_epu32(m128(next &+ carried), m128(current)))
            }
            if (1...12).contains(group) {
              previous = vector(_mm_sha256msg1_epu32(m128(previous), m128(current)))
            }
            (previous, current, next, afterNext) = (current, next, afterNext, previous)
          }
          abef &+= abefBefore
          cdgh &+= cdghBefore
        }
      }
      state = (abef[3], abef[2], cdgh[3], cdgh[2], abef[1], abef[0], cdgh[1], cdgh[0])
    }

    @inline(__always) private static func m128(_ vector: Vector) -> __m128i {
      unsafeBitCast(vector, to: __m128i.self)
    }

    @inline(__always) private static func vector(_ value: __m128i) -> Vector {
      unsafeBitCast(value, to: Vector.self)
    }
  }
#else
  extension SHA256 {
    static let hardwareRoundsAvailable = false

    static func hardwareCompress(_ state: inout State, _ blocks: UnsafeRawBufferPointer) {
      softwareCompress(&state, blocks)
    }
  }
#endif
