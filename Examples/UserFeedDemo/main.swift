import Foundation
import Ripple
import RippleBus
import UserFeed

// The example on its own: serve users on a loopback port, fetch them through the view
// model, and let two bus subscribers react (one on the main queue, one in the
// background). `swift run user-feed`

let server = try LoopbackHTTPServer(routes: UserFeedRoutes.demo)
let viewModel = UserListViewModel(baseURL: server.url(for: "/"), bus: .shared)

let subscriptions = DisposeBag()
EventBus.shared.subscribeOnMain(UserFetchEvent.self) { event in
    switch event.result {
    case let .success(users): print("main: \(users.count) users: \(users.map(\.name).joined(separator: ", "))")
    case let .failure(error): print("main: \(describeFetchError(error))")
    }
    if event.identifier == "/users" {
        viewModel.fetchUserList(path: "/missing")  // next, the error path
    } else {
        server.stop()
        exit(0)
    }
}
.disposed(by: subscriptions)
EventBus.shared.subscribe(UserFetchEvent.self) { event in
    print("background: fetched \(event.identifier)")
}
.disposed(by: subscriptions)

viewModel.fetchUserList(path: "/users")
dispatchMain()
