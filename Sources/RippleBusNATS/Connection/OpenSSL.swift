import Glibc

/// The few OpenSSL 3 functions the client's TLS needs, found at run time with `dlopen` and
/// `dlsym`: no build-time dependency, so `swift build` needs nothing but the toolchain.
/// (Swift's own FoundationNetworking links `libssl.so.3`, so it is there wherever
/// Foundation runs.) Pointers are OpenSSL's opaque `SSL_CTX *`, `SSL *` and friends.
struct OpenSSL: Sendable {
    typealias Pointer = OpaquePointer
    typealias CString = UnsafePointer<CChar>

    let clientMethod: @Sendable @convention(c) () -> Pointer?
    let contextNew: @Sendable @convention(c) (Pointer?) -> Pointer?
    let contextFree: @Sendable @convention(c) (Pointer?) -> Void
    let contextSetVerify: @Sendable @convention(c) (Pointer?, Int32, OpaquePointer?) -> Void
    let contextLoadVerifyLocations: @Sendable @convention(c) (Pointer?, CString?, CString?) -> Int32
    let contextSetDefaultVerifyPaths: @Sendable @convention(c) (Pointer?) -> Int32
    let contextUseCertificateChainFile: @Sendable @convention(c) (Pointer?, CString?) -> Int32
    let contextUsePrivateKeyFile: @Sendable @convention(c) (Pointer?, CString?, Int32) -> Int32
    let new: @Sendable @convention(c) (Pointer?) -> Pointer?
    let free: @Sendable @convention(c) (Pointer?) -> Void
    let setFD: @Sendable @convention(c) (Pointer?, Int32) -> Int32
    let control: @Sendable @convention(c) (Pointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int
    let setHost: @Sendable @convention(c) (Pointer?, CString?) -> Int32
    let parameters: @Sendable @convention(c) (Pointer?) -> Pointer?
    let parametersSetIP: @Sendable @convention(c) (Pointer?, CString?) -> Int32
    let connect: @Sendable @convention(c) (Pointer?) -> Int32
    let read: @Sendable @convention(c) (Pointer?, UnsafeMutableRawPointer?, Int32) -> Int32
    let write: @Sendable @convention(c) (Pointer?, UnsafeRawPointer?, Int32) -> Int32
    let pending: @Sendable @convention(c) (Pointer?) -> Int32
    let getError: @Sendable @convention(c) (Pointer?, Int32) -> Int32
    let shutdown: @Sendable @convention(c) (Pointer?) -> Int32
    let verifyResult: @Sendable @convention(c) (Pointer?) -> Int
    let verifyErrorString: @Sendable @convention(c) (Int) -> CString?
    let errorGet: @Sendable @convention(c) () -> UInt
    let errorString: @Sendable @convention(c) (UInt, UnsafeMutablePointer<CChar>?, Int) -> Void
    let errorClear: @Sendable @convention(c) () -> Void

    // The constants of ssl.h and x509_vfy.h used here.
    static let verifyNone: Int32 = 0
    static let verifyPeer: Int32 = 1
    static let fileTypePEM: Int32 = 1
    static let controlSetHostName: Int32 = 55  // SSL_CTRL_SET_TLSEXT_HOSTNAME
    static let hostNameType = 0                // TLSEXT_NAMETYPE_host_name
    static let errorSSL: Int32 = 1
    static let errorWantRead: Int32 = 2
    static let errorWantWrite: Int32 = 3
    static let errorSyscall: Int32 = 5
    static let errorZeroReturn: Int32 = 6

    /// The library, loaded once per process; the failure names the library and the reason.
    static let shared: Result<OpenSSL, NATSError> = load()

    private static func load() -> Result<OpenSSL, NATSError> {
        guard let ssl = dlopen("libssl.so.3", RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(.tlsFailed("cannot load OpenSSL 3 (libssl.so.3), needed for TLS: \(reason)"))
        }
        // libssl depends on libcrypto: symbols of either are found through libssl's handle,
        // but ask for libcrypto by name too, to say which library is missing.
        guard let crypto = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(.tlsFailed("cannot load OpenSSL 3 (libcrypto.so.3), needed for TLS: \(reason)"))
        }
        var missing: [String] = []
        func symbol<Function>(_ name: String, in library: UnsafeMutableRawPointer, as type: Function.Type) -> Function? {
            guard let address = dlsym(library, name) else {
                missing.append(name)
                return nil
            }
            return unsafeBitCast(address, to: type)
        }
        let library = OpenSSL(
            clientMethod: symbol("TLS_client_method", in: ssl, as: (@Sendable @convention(c) () -> Pointer?).self),
            contextNew: symbol("SSL_CTX_new", in: ssl, as: (@Sendable @convention(c) (Pointer?) -> Pointer?).self),
            contextFree: symbol("SSL_CTX_free", in: ssl, as: (@Sendable @convention(c) (Pointer?) -> Void).self),
            contextSetVerify: symbol("SSL_CTX_set_verify", in: ssl, as: (@Sendable @convention(c) (Pointer?, Int32, OpaquePointer?) -> Void).self),
            contextLoadVerifyLocations: symbol("SSL_CTX_load_verify_locations", in: ssl, as: (@Sendable @convention(c) (Pointer?, CString?, CString?) -> Int32).self),
            contextSetDefaultVerifyPaths: symbol("SSL_CTX_set_default_verify_paths", in: ssl, as: (@Sendable @convention(c) (Pointer?) -> Int32).self),
            contextUseCertificateChainFile: symbol("SSL_CTX_use_certificate_chain_file", in: ssl, as: (@Sendable @convention(c) (Pointer?, CString?) -> Int32).self),
            contextUsePrivateKeyFile: symbol("SSL_CTX_use_PrivateKey_file", in: ssl, as: (@Sendable @convention(c) (Pointer?, CString?, Int32) -> Int32).self),
            new: symbol("SSL_new", in: ssl, as: (@Sendable @convention(c) (Pointer?) -> Pointer?).self),
            free: symbol("SSL_free", in: ssl, as: (@Sendable @convention(c) (Pointer?) -> Void).self),
            setFD: symbol("SSL_set_fd", in: ssl, as: (@Sendable @convention(c) (Pointer?, Int32) -> Int32).self),
            control: symbol("SSL_ctrl", in: ssl, as: (@Sendable @convention(c) (Pointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int).self),
            setHost: symbol("SSL_set1_host", in: ssl, as: (@Sendable @convention(c) (Pointer?, CString?) -> Int32).self),
            parameters: symbol("SSL_get0_param", in: ssl, as: (@Sendable @convention(c) (Pointer?) -> Pointer?).self),
            parametersSetIP: symbol("X509_VERIFY_PARAM_set1_ip_asc", in: crypto, as: (@Sendable @convention(c) (Pointer?, CString?) -> Int32).self),
            connect: symbol("SSL_connect", in: ssl, as: (@Sendable @convention(c) (Pointer?) -> Int32).self),
            read: symbol("SSL_read", in: ssl, as: (@Sendable @convention(c) (Pointer?, UnsafeMutableRawPointer?, Int32) -> Int32).self),
            write: symbol("SSL_write", in: ssl, as: (@Sendable @convention(c) (Pointer?, UnsafeRawPointer?, Int32) -> Int32).self),
            pending: symbol("SSL_pending", in: ssl, as: (@Sendable @convention(c) (Pointer?) -> Int32).self),
            getError: symbol("SSL_get_error", in: ssl, as: (@Sendable @convention(c) (Pointer?, Int32) -> Int32).self),
            shutdown: symbol("SSL_shutdown", in: ssl, as: (@Sendable @convention(c) (Pointer?) -> Int32).self),
            verifyResult: symbol("SSL_get_verify_result", in: ssl, as: (@Sendable @convention(c) (Pointer?) -> Int).self),
            verifyErrorString: symbol("X509_verify_cert_error_string", in: crypto, as: (@Sendable @convention(c) (Int) -> CString?).self),
            errorGet: symbol("ERR_get_error", in: crypto, as: (@Sendable @convention(c) () -> UInt).self),
            errorString: symbol("ERR_error_string_n", in: crypto, as: (@Sendable @convention(c) (UInt, UnsafeMutablePointer<CChar>?, Int) -> Void).self),
            errorClear: symbol("ERR_clear_error", in: crypto, as: (@Sendable @convention(c) () -> Void).self)
        )
        guard let library, missing.isEmpty else {
            return .failure(.tlsFailed("OpenSSL 3 (libssl.so.3) lacks \(missing.joined(separator: ", "))"))
        }
        return .success(library)
    }

    /// The memberwise initializer with every function optional: `nil` if any is missing.
    private init?(
        clientMethod: (@Sendable @convention(c) () -> Pointer?)?,
        contextNew: (@Sendable @convention(c) (Pointer?) -> Pointer?)?,
        contextFree: (@Sendable @convention(c) (Pointer?) -> Void)?,
        contextSetVerify: (@Sendable @convention(c) (Pointer?, Int32, OpaquePointer?) -> Void)?,
        contextLoadVerifyLocations: (@Sendable @convention(c) (Pointer?, CString?, CString?) -> Int32)?,
        contextSetDefaultVerifyPaths: (@Sendable @convention(c) (Pointer?) -> Int32)?,
        contextUseCertificateChainFile: (@Sendable @convention(c) (Pointer?, CString?) -> Int32)?,
        contextUsePrivateKeyFile: (@Sendable @convention(c) (Pointer?, CString?, Int32) -> Int32)?,
        new: (@Sendable @convention(c) (Pointer?) -> Pointer?)?,
        free: (@Sendable @convention(c) (Pointer?) -> Void)?,
        setFD: (@Sendable @convention(c) (Pointer?, Int32) -> Int32)?,
        control: (@Sendable @convention(c) (Pointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int)?,
        setHost: (@Sendable @convention(c) (Pointer?, CString?) -> Int32)?,
        parameters: (@Sendable @convention(c) (Pointer?) -> Pointer?)?,
        parametersSetIP: (@Sendable @convention(c) (Pointer?, CString?) -> Int32)?,
        connect: (@Sendable @convention(c) (Pointer?) -> Int32)?,
        read: (@Sendable @convention(c) (Pointer?, UnsafeMutableRawPointer?, Int32) -> Int32)?,
        write: (@Sendable @convention(c) (Pointer?, UnsafeRawPointer?, Int32) -> Int32)?,
        pending: (@Sendable @convention(c) (Pointer?) -> Int32)?,
        getError: (@Sendable @convention(c) (Pointer?, Int32) -> Int32)?,
        shutdown: (@Sendable @convention(c) (Pointer?) -> Int32)?,
        verifyResult: (@Sendable @convention(c) (Pointer?) -> Int)?,
        verifyErrorString: (@Sendable @convention(c) (Int) -> CString?)?,
        errorGet: (@Sendable @convention(c) () -> UInt)?,
        errorString: (@Sendable @convention(c) (UInt, UnsafeMutablePointer<CChar>?, Int) -> Void)?,
        errorClear: (@Sendable @convention(c) () -> Void)?
    ) {
        guard let clientMethod, let contextNew, let contextFree, let contextSetVerify,
              let contextLoadVerifyLocations, let contextSetDefaultVerifyPaths,
              let contextUseCertificateChainFile, let contextUsePrivateKeyFile, let new, let free,
              let setFD, let control, let setHost, let parameters, let parametersSetIP, let connect,
              let read, let write, let pending, let getError, let shutdown, let verifyResult,
              let verifyErrorString, let errorGet, let errorString, let errorClear else {
            return nil
        }
        self.clientMethod = clientMethod
        self.contextNew = contextNew
        self.contextFree = contextFree
        self.contextSetVerify = contextSetVerify
        self.contextLoadVerifyLocations = contextLoadVerifyLocations
        self.contextSetDefaultVerifyPaths = contextSetDefaultVerifyPaths
        self.contextUseCertificateChainFile = contextUseCertificateChainFile
        self.contextUsePrivateKeyFile = contextUsePrivateKeyFile
        self.new = new
        self.free = free
        self.setFD = setFD
        self.control = control
        self.setHost = setHost
        self.parameters = parameters
        self.parametersSetIP = parametersSetIP
        self.connect = connect
        self.read = read
        self.write = write
        self.pending = pending
        self.getError = getError
        self.shutdown = shutdown
        self.verifyResult = verifyResult
        self.verifyErrorString = verifyErrorString
        self.errorGet = errorGet
        self.errorString = errorString
        self.errorClear = errorClear
    }

    /// The calling thread's OpenSSL error queue as text (emptying it), or `fallback`.
    func errors(or fallback: String) -> String {
        var messages: [String] = []
        while true {
            let code = errorGet()
            if code == 0 {
                break
            }
            var text = [CChar](repeating: 0, count: 256)
            text.withUnsafeMutableBufferPointer { buffer in
                errorString(code, buffer.baseAddress, buffer.count)
                messages.append(String(cString: buffer.baseAddress!))
            }
        }
        return messages.isEmpty ? fallback : messages.joined(separator: "; ")
    }
}
