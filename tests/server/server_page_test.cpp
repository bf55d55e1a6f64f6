// The page at GET / driven in headless Chromium (Debian's `chromium`, installed by
// scripts/install-deps): a puzzle is put in the text box and Solve is pressed (through the
// page's own link parameters, ?puzzle=...&press=solve, which fill the box and click the
// button), the page asks the server, and the solution is read back from the rendered page
// and compared with the program's. A screenshot of the graded page (steps listed) is saved
// as page_grade.png in the test's working folder. Every Chromium run is bounded by
// timeout(1).
#include <sys/stat.h>

#include <regex>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../cli/cli_support.hpp"
#include "server_support.hpp"

namespace sudokit::testing {
namespace {

const char* const kChromium = "/usr/bin/chromium";

std::vector<std::string> chromium_args(std::vector<std::string> extra) {
  std::vector<std::string> args{"120",
                                kChromium,
                                "--headless",
                                "--no-sandbox",
                                "--disable-gpu",
                                "--disable-dev-shm-usage",
                                "--no-first-run",
                                "--user-data-dir=" + std::string(::testing::TempDir()) + "sudokit_chromium_profile",
                                "--virtual-time-budget=5000"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST(ServerPage, ChromiumPastesAPuzzlePressesSolveAndShowsTheSolution) {
  struct stat info{};
  ASSERT_EQ(::stat(kChromium, &info), 0) << "chromium is not installed (scripts/install-deps installs it)";
  TestServer server;
  const std::string puzzle = data_lines("puzzles/top1465.txt", 1).at(0);
  const auto expected = nlohmann::json::parse(run_sudokit({"solve", "--format", "jsonl"}, puzzle + "\n").out);
  const std::string url = "http://127.0.0.1:" + std::to_string(server.port()) + "/?puzzle=" + puzzle;

  const CliResult dom = run_program("/usr/bin/timeout", chromium_args({"--dump-dom", url + "&press=solve"}));
  ASSERT_EQ(dom.exit_code, 0) << dom.err.substr(0, 2000);
  std::smatch found;
  ASSERT_TRUE(std::regex_search(dom.out, found, std::regex("data-solution=\"([^\"]*)\""))) << dom.out.substr(0, 3000);
  EXPECT_EQ(found[1].str(), expected["solution"].get<std::string>());
  EXPECT_EQ(solution_problem(puzzle, found[1].str()), "");
  EXPECT_NE(dom.out.find("solve: unique"), std::string::npos);
  // The solution grid is drawn: its cells hold the solution's digits in order.
  ASSERT_TRUE(std::regex_search(dom.out, found, std::regex("<table class=\"grid\" id=\"solution-grid\">(.*?)</table>")));
  std::string digits;
  const std::string table = found[1].str();
  const std::regex cell("<td[^>]*>([^<]*)</td>");
  for (std::sregex_iterator it(table.begin(), table.end(), cell), end; it != end; ++it)
    digits += (*it)[1].str();
  EXPECT_EQ(digits, expected["solution"].get<std::string>());

  const std::string shot = "page_grade.png";
  std::remove(shot.c_str());
  const CliResult picture = run_program(
      "/usr/bin/timeout", chromium_args({"--window-size=900,1100", "--screenshot=" + shot, url + "&press=grade"}));
  ASSERT_EQ(picture.exit_code, 0) << picture.err.substr(0, 2000);
  ASSERT_EQ(::stat(shot.c_str(), &info), 0);
  EXPECT_GT(info.st_size, 10000);
}

}  // namespace
}  // namespace sudokit::testing
