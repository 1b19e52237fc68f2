#include "tests/support/dynamic_tests.h"

#include <catch2/catch.hpp>

#include <vector>

namespace anth::test {

namespace {

class Invoker final : public Catch::ITestInvoker {
 public:
  explicit Invoker(std::function<void()> body) : body_(std::move(body)) {}
  void invoke() const override { body_(); }

 private:
  std::function<void()> body_;
};

std::vector<void (*)()>& generators() {
  static std::vector<void (*)()> all;
  return all;
}

}  // namespace

void add_test_case(const std::string& name, const std::string& tags, std::function<void()> body,
                   std::source_location where) {
  // Catch owns the invoker and copies the name and tags; a duplicate name is reported when it starts.
  Catch::AutoReg(new Invoker(std::move(body)), Catch::SourceLineInfo(where.file_name(), where.line()),
                 Catch::StringRef(), Catch::NameAndTags{name, tags});
}

TestGenerator::TestGenerator(void (*generate)()) { generators().push_back(generate); }

void run_test_generators() {
  for (auto generate : generators()) generate();
}

}  // namespace anth::test
